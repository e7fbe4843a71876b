/** Collections through the API, and spaces written through the repository (placed in order). */
import { type CollectionRecord, resolveSiblingPosition, type SpaceRecord } from '@quire/domain';
import { expect } from 'vitest';
import type { TestUser } from '../support/factories';
import type { TestServer } from '../support/test-server';

export const collectionsPath = (organizationId: string): string => `/v1/orgs/${organizationId}/collections`;
export const collectionPath = (collectionId: string): string => `/v1/collections/${collectionId}`;

export interface CollectionResource {
  object: 'collection';
  id: string;
  title: string;
  organization: string;
  parent?: string;
  description?: string;
  defaultLevel: string | null;
  permissions: Record<string, boolean>;
  urls: { location: string; app: string };
}

/** Creates a collection through the API (as `as`, an admin or creator of the organization). */
export async function createCollection(
  server: TestServer,
  organizationId: string,
  as: TestUser,
  body: { title?: string; parent?: string } = {},
): Promise<CollectionResource> {
  const response = await server.api(collectionsPath(organizationId), {
    method: 'POST',
    token: as.token,
    body: { title: body.title ?? 'Collection', ...(body.parent ? { parent: body.parent } : {}) },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** A space written through the repository, last among its siblings. */
export async function insertSpace(
  server: TestServer,
  organizationId: string,
  options: { parentId?: string; title?: string } = {},
): Promise<SpaceRecord> {
  const now = server.clock.now().toISOString();
  const id = server.services.ids.newId();
  const position = await resolveSiblingPosition(server.services, {
    organizationId,
    parentId: options.parentId,
    moving: { kind: 'space', id },
    position: undefined,
  });
  const space: SpaceRecord = {
    id,
    organizationId,
    ...(options.parentId ? { parentId: options.parentId } : {}),
    title: options.title ?? 'Space',
    editMode: 'live',
    visibility: options.parentId ? 'in-collection' : 'private',
    defaultLevel: 'inherit',
    shareKey: `share-${id}`,
    position,
    createdAt: now,
    updatedAt: now,
    counters: { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 },
  };
  await server.services.repos.spaces.insert(space);
  return space;
}

/** Everything the move and transfer operations may change, read straight from the store. */
export async function snapshotOf(
  server: TestServer,
  collectionIds: readonly string[],
  spaceIds: readonly string[] = [],
): Promise<{ collections: CollectionRecord[]; spaces: SpaceRecord[] }> {
  const byId = <T extends { id: string }>(items: T[]) => items.sort((a, b) => (a.id < b.id ? -1 : 1));
  return {
    collections: byId(await server.services.repos.collections.findByIds(collectionIds)),
    spaces: byId(await server.services.repos.spaces.findByIds(spaceIds)),
  };
}

/** The ids under a parent (or the top level) in sibling order, as `kind:id`. */
export async function siblingOrder(
  server: TestServer,
  organizationId: string,
  parentId?: string,
): Promise<string[]> {
  // Every sibling, read the way the positions module reads a few (tests' levels are small).
  const range = { organizationId, parentId, direction: 'up' as const, liveOnly: true, limit: 10_000 };
  const [spaces, collections] = await Promise.all([
    server.services.repos.spaces.listSiblingRange(range),
    server.services.repos.collections.listSiblingRange(range),
  ]);
  return [
    ...spaces.map((s) => ({ key: `space:${s.id}`, position: s.position })),
    ...collections.map((c) => ({ key: `collection:${c.id}`, position: c.position })),
  ]
    .sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.key < b.key ? -1 : 1))
    .map((s) => s.key);
}
