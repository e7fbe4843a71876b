/**
 * The content area's routes: an organization's spaces and collections, one space or
 * collection, its place (move, transfer), and the roles granted on it (`/permissions`).
 * Creating answers 201, as GitBook's document has it.
 */
import { contentOperations } from '@quire/domain';
import { aliasRoute, type RestRoute, route } from '../route';

const { spaces, collections } = contentOperations;
const ORG = '/v1/orgs/:organizationId';
const SPACE = '/v1/spaces/:spaceId';
const COLLECTION = '/v1/collections/:collectionId';
const REVISION = `${SPACE}/revisions/:revisionId`;

function permissionRoutes(
  base: string,
  ops: typeof spaces.permissions | typeof collections.permissions,
): RestRoute[] {
  return [
    route('POST', base, ops.invite, 204),
    route('GET', `${base}/aggregate`, ops.aggregate),
    route('GET', `${base}/users`, ops.users.list),
    route('PATCH', `${base}/users/:userId`, ops.users.update, 204),
    route('DELETE', `${base}/users/:userId`, ops.users.remove, 204),
    route('GET', `${base}/teams`, ops.teams.list),
    route('PATCH', `${base}/teams/:teamId`, ops.teams.update, 204),
    route('DELETE', `${base}/teams/:teamId`, ops.teams.remove, 204),
  ];
}

/**
 * Where an import's revision is read (GitBook's `Location` of the 201): none while the import
 * goes on in the background. Relative to the API, as the request path is.
 */
export function importedRevisionLocation(input: unknown, output: unknown): string | undefined {
  const { spaceId } = input as { spaceId: string };
  const { revision } = output as { revision: string };
  return revision === '' ? undefined : `/v1/spaces/${encodeURIComponent(spaceId)}/revisions/${revision}`;
}

export const contentRoutes: readonly RestRoute[] = [
  route('GET', `${ORG}/spaces`, spaces.list),
  route('GET', `${ORG}/spaces/deleted`, spaces.listDeleted),
  route('POST', `${ORG}/spaces`, spaces.create, 201),
  route('GET', `${ORG}/members/:userId/spaces`, spaces.listForMember),
  route('GET', SPACE, spaces.get),
  route('PATCH', SPACE, spaces.update),
  route('DELETE', SPACE, spaces.remove),
  route('POST', `${SPACE}/duplicate`, spaces.duplicate, 201),
  route('POST', `${SPACE}/restore`, spaces.restore),
  route('POST', `${SPACE}/move`, spaces.move),
  route('POST', `${SPACE}/transfer`, spaces.transfer),
  ...permissionRoutes(`${SPACE}/permissions`, spaces.permissions),

  // The current content of a space, and the same reads on one of its revisions.
  route('GET', `${SPACE}/content`, spaces.content.get),
  route('POST', `${SPACE}/content`, spaces.content.update),
  {
    ...route('POST', `${SPACE}/content/import`, spaces.content.import, 201),
    location: importedRevisionLocation,
  },
  route('GET', `${SPACE}/content/imports/:importId`, spaces.content.imports.get),
  route('POST', `${SPACE}/content/template`, spaces.content.template, 201),
  route('GET', '/v1/templates', contentOperations.templates.list),
  route('GET', `${SPACE}/pdf`, spaces.pdf),
  route('GET', `${SPACE}/content/pages`, spaces.content.pages.list),
  route('GET', `${SPACE}/content/page/:pageId`, spaces.content.page.get),
  {
    ...route('GET', `${SPACE}/content/path/:pagePath`, spaces.content.path.get),
    lastParamTakesSlashes: true,
  },
  route('GET', `${SPACE}/content/files`, spaces.content.files.list),
  route('GET', `${SPACE}/content/files/:fileId`, spaces.content.files.get),
  route('POST', `${SPACE}/content/files`, spaces.content.files.upload, 201),
  route('GET', `${SPACE}/content/file-limits`, spaces.content.files.limits),
  route('GET', `${SPACE}/revisions`, spaces.revisions.list),
  route('GET', `${REVISION}`, spaces.revisions.get),
  route('GET', `${REVISION}/changes`, spaces.revisions.changes),
  route('POST', `${REVISION}/restore`, spaces.revisions.restore),
  aliasRoute('GET', `${REVISION}/pages`, spaces.content.pages.list, 'spaces.revisions.pages.list'),
  aliasRoute('GET', `${REVISION}/page/:pageId`, spaces.content.page.get, 'spaces.revisions.page.get'),
  {
    ...aliasRoute('GET', `${REVISION}/path/:pagePath`, spaces.content.path.get, 'spaces.revisions.path.get'),
    lastParamTakesSlashes: true,
  },
  aliasRoute('GET', `${REVISION}/files`, spaces.content.files.list, 'spaces.revisions.files.list'),
  aliasRoute('GET', `${REVISION}/files/:fileId`, spaces.content.files.get, 'spaces.revisions.files.get'),

  route('GET', `${ORG}/collections`, collections.list),
  route('POST', `${ORG}/collections`, collections.create, 201),
  route('GET', COLLECTION, collections.get),
  route('PATCH', COLLECTION, collections.update),
  route('DELETE', COLLECTION, collections.remove),
  route('GET', `${COLLECTION}/spaces`, collections.spaces.list),
  route('POST', `${COLLECTION}/move`, collections.move),
  route('POST', `${COLLECTION}/transfer`, collections.transfer),
  ...permissionRoutes(`${COLLECTION}/permissions`, collections.permissions),
];
