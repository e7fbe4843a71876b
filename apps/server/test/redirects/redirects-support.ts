/**
 * What the redirects tests share: an organization with two spaces (one holding the pages
 * `guide` and `guide/install`), a published site showing each in a section of its own, and
 * calls on the site's redirect routes.
 */
import { expect } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import type { ApiResponse, TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read freely
type Json = any;

export interface RedirectsFixture {
  org: TestOrganization;
  siteId: string;
  /** `/v1/orgs/<org>/sites/<site>`. */
  site: string;
  docs: { spaceId: string; sectionId: string; siteSpaceId: string; guideId: string; installId: string };
  api: { spaceId: string; sectionId: string; siteSpaceId: string };
  call(method: string, suffix: string, body?: unknown, token?: string): Promise<ApiResponse>;
  /** A call that must answer `status`; its body. */
  ok(method: string, suffix: string, body?: unknown, status?: number): Promise<Json>;
  /** The site's sections as the structure routes present them (their `urls.published` above all). */
  sections(): Promise<Json[]>;
}

export async function redirectsFixture(server: TestServer): Promise<RedirectsFixture> {
  const org = await createOrganization(server);
  const token = org.admin.token;
  const request = async (method: string, path: string, body?: unknown, status?: number) => {
    const response = await server.api(path, { method, token, ...(body === undefined ? {} : { body }) });
    if (status !== undefined)
      expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(status);
    else expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body as Json;
  };
  const orgPath = `/v1/orgs/${org.organization.id}`;
  const docsSpace = await request('POST', `${orgPath}/spaces`, { title: 'Docs' });
  const apiSpace = await request('POST', `${orgPath}/spaces`, { title: 'API' });
  const made = await request('POST', `/v1/spaces/${docsSpace.id}/content`, {
    changes: [
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'Guide.\n' } },
      { operation: 'insert_page', into: 'guide', title: 'Install', document: { markdown: 'Install.\n' } },
    ],
  });
  const [guideId, installId] = made.changes.map((change: Json) => change.page.id as string);
  const created = await request('POST', `${orgPath}/sites`, { title: 'Docs site' }, 201);
  const site = `${orgPath}/sites/${created.id}`;
  const docsSection = await request(
    'POST',
    `${site}/sections`,
    { spaceId: docsSpace.id, title: 'Docs' },
    201,
  );
  const apiSection = await request('POST', `${site}/sections`, { spaceId: apiSpace.id, title: 'API' }, 201);
  await request('POST', `${site}/publish`);
  const call: RedirectsFixture['call'] = (method, suffix, body, as = token) =>
    server.api(site + suffix, { method, token: as, ...(body === undefined ? {} : { body }) });
  return {
    org,
    siteId: created.id,
    site,
    docs: {
      spaceId: docsSpace.id,
      sectionId: docsSection.id,
      siteSpaceId: docsSection.siteSpaces[0].id,
      guideId,
      installId,
    },
    api: { spaceId: apiSpace.id, sectionId: apiSection.id, siteSpaceId: apiSection.siteSpaces[0].id },
    call,
    async ok(method, suffix, body, status = method === 'POST' ? 201 : 200) {
      const response = await call(method, suffix, body);
      expect(response.status, `${method} ${suffix}: ${JSON.stringify(response.body)}`).toBe(status);
      return response.body;
    },
    async sections() {
      return (await request('GET', `${site}/sections`)).items;
    },
  };
}

export const external = (url: string) => ({ kind: 'external', url });

/** `GET SITE/redirect?source=...` (and `shareKey`). */
export function resolve(fixture: RedirectsFixture, source: string, shareKey?: string): Promise<ApiResponse> {
  const query = new URLSearchParams({ source, ...(shareKey === undefined ? {} : { shareKey }) });
  return fixture.call('GET', `/redirect?${query}`);
}
