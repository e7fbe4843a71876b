/** OpenAPI specs and versions as the server presents them, with the fields the API specs screens read. */
import { page, SESSION } from './fixtures';

export const EDITOR_SPEC_PERMISSIONS = { view: true, edit: true, delete: true };
export const READER_SPEC_PERMISSIONS = { view: true, edit: false, delete: false };

export function spec(overrides: Record<string, unknown> = {}) {
  return {
    object: 'openapi-spec',
    id: 'spec-pets',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    slug: 'petstore',
    processingState: 'complete',
    visibility: 'private',
    lastVersion: 'version-2',
    lastProcessedAt: '2026-01-02T10:30:00.000Z',
    permissions: EDITOR_SPEC_PERMISSIONS,
    urls: {
      location: 'http://quire.test/v1/orgs/org-acme/openapi/petstore',
      app: 'http://quire.test/o/org-acme/openapi/petstore',
    },
    ...overrides,
  };
}

export function version(id: string, overrides: Record<string, unknown> = {}) {
  return {
    object: 'openapi-spec-version',
    id,
    createdAt: '2026-01-02T10:30:00.000Z',
    url: `http://quire.test/v1/orgs/org-acme/openapi/petstore/versions/${id}/content`,
    specVersion: '3.1',
    title: 'Petstore',
    operations: 3,
    urls: { location: `http://quire.test/v1/orgs/org-acme/openapi/petstore/versions/${id}` },
    ...overrides,
  };
}

export const ROOT_DOCUMENT = 'openapi: 3.1.0\ninfo: {title: Petstore, version: "2"}\npaths: {}\n';

/** The handlers every API specs screen needs: a signed-in member of Acme, an editor or a reader. */
export function openApiHandlers(editor = true) {
  return {
    'session.current': () => SESSION,
    'orgs.list': () => page([{ id: 'org-acme', title: 'Acme' }]),
    'orgs.get': () => ({
      id: 'org-acme',
      title: 'Acme',
      permissions: { admin: false, ownTeam: false, createOpenAPISpec: editor },
    }),
    'openapi.list': () => page([spec(editor ? {} : { permissions: READER_SPEC_PERMISSIONS })]),
    'openapi.get': () => spec(editor ? {} : { permissions: READER_SPEC_PERMISSIONS }),
    'openapi.versions.list': () =>
      page([
        version('version-2'),
        version('version-1', { title: 'Petstore (old)', specVersion: '3.0', operations: 1 }),
      ]),
    'openapi.versions.content': () => ({
      filesystem: { 'openapi.yaml': ROOT_DOCUMENT, 'schemas/pet.yaml': 'type: object\n' },
      url: 'http://quire.test/v1/orgs/org-acme/openapi/petstore/versions/version-2/content',
    }),
  } as Record<string, (input: unknown) => unknown>;
}
