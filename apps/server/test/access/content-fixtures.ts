/**
 * Spaces and collections for the access tests, written straight through the repositories:
 * the tests need exact chains of parents and default levels, whatever the create
 * operations choose by default. Grants go through the API.
 */
import type { CollectionRecord, DefaultLevel, Role, SpaceRecord } from '@quire/domain';
import { expect } from 'vitest';
import type { TestMember, TestOrganization } from '../support/factories';
import type { TestServer } from '../support/test-server';

let position = 0;
const nextPosition = () => `a${(++position).toString(36).padStart(6, '0')}`;

export async function insertCollection(
  server: TestServer,
  organizationId: string,
  options: { parentId?: string; defaultLevel?: DefaultLevel; title?: string } = {},
): Promise<CollectionRecord> {
  const now = server.clock.now().toISOString();
  const parent = options.parentId ? await server.services.repos.collections.findById(options.parentId) : null;
  const collection: CollectionRecord = {
    id: server.services.ids.newId(),
    organizationId,
    ancestorIds: parent ? [...parent.ancestorIds, parent.id] : [],
    ...(options.parentId ? { parentId: options.parentId } : {}),
    title: options.title ?? 'Collection',
    defaultLevel: options.defaultLevel === undefined ? 'inherit' : options.defaultLevel,
    position: nextPosition(),
    createdAt: now,
    updatedAt: now,
  };
  await server.services.repos.collections.insert(collection);
  return collection;
}

export async function insertSpace(
  server: TestServer,
  organizationId: string,
  options: { parentId?: string; defaultLevel?: DefaultLevel; title?: string } = {},
): Promise<SpaceRecord> {
  const now = server.clock.now().toISOString();
  const space: SpaceRecord = {
    id: server.services.ids.newId(),
    organizationId,
    ...(options.parentId ? { parentId: options.parentId } : {}),
    title: options.title ?? 'Space',
    editMode: 'live',
    visibility: options.parentId ? 'in-collection' : 'private',
    defaultLevel: options.defaultLevel === undefined ? 'inherit' : options.defaultLevel,
    shareKey: `share-${server.services.ids.newId()}`,
    position: nextPosition(),
    createdAt: now,
    updatedAt: now,
    counters: { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 },
  };
  await server.services.repos.spaces.insert(space);
  return space;
}

/** A chain of `depth` nested collections (outermost first) and a space in the innermost. */
export async function insertNestedSpace(
  server: TestServer,
  organizationId: string,
  depth: number,
): Promise<{ collections: CollectionRecord[]; space: SpaceRecord }> {
  const collections: CollectionRecord[] = [];
  for (let i = 0; i < depth; i++) {
    const parentId = collections[i - 1]?.id;
    collections.push(await insertCollection(server, organizationId, parentId ? { parentId } : {}));
  }
  const parentId = collections[depth - 1]?.id;
  const space = await insertSpace(server, organizationId, parentId ? { parentId } : {});
  return { collections, space };
}

export type ContentRef = { kind: 'space' | 'collection'; id: string };

export const permissionsPath = (target: ContentRef): string =>
  `/v1/${target.kind === 'space' ? 'spaces' : 'collections'}/${target.id}/permissions`;

/** Grants a role to users and teams on a space or a collection, as the organization's admin. */
export async function grant(
  server: TestServer,
  org: TestOrganization,
  target: ContentRef,
  body: { role: Role | null; users?: string[]; teams?: string[] },
): Promise<void> {
  const response = await server.api(permissionsPath(target), {
    method: 'POST',
    token: org.admin.token,
    body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(204);
}

/** The status a member gets when listing the users granted on the target (200: they can view it). */
export async function viewStatus(server: TestServer, member: { token: string }, target: ContentRef) {
  const response = await server.api(`${permissionsPath(target)}/users`, { token: member.token });
  return response.status;
}

/** The status a member gets when granting on the target (204: they are its admin). */
export async function adminStatus(
  server: TestServer,
  member: TestMember,
  target: ContentRef,
  grantee: TestMember,
) {
  const response = await server.api(permissionsPath(target), {
    method: 'POST',
    token: member.token,
    body: { role: 'read', users: [grantee.user.id] },
  });
  return response.status;
}
