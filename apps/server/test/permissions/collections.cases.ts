/** The matrix of the collection routes. */
import { operations, ROLES } from '@quire/domain';
import { byItemRole, byOrganizationRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';
import { grantHoldersRefused, REMOVE_COLLECTION_RULE, TOP_LEVEL_RULE, TRANSFER_RULE } from './content-rules';

/** The stored collection: its place (parent, position, organization) is not all in the resource. */
const storedCollection = (fixture: MatrixFixture, collectionId: string) =>
  fixture.server.services.repos.collections.findById(collectionId);

export const collectionCases: MatrixCase[] = [
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/collections',
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole([...ROLES, 'guest'], 200),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/collections',
    title: 'in a collection the grant holders administer',
    input: (f) => ({
      organizationId: f.organization.id,
      title: f.unique('Created'),
      parent: f.content.collection,
    }),
    observe: (f) => f.read(operations.collections.list, { organizationId: f.organization.id }),
    // Placement rule 1: create on the collection it goes into (a grant gives it).
    expected: byItemRole('create', 201),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/collections',
    title: 'at the top level',
    input: (f) => ({ organizationId: f.organization.id, title: f.unique('Created') }),
    observe: (f) => f.read(operations.collections.list, { organizationId: f.organization.id }),
    // Placement rule 1 at the top level: the organization's createContent (role create).
    expected: byOrganizationRole(['admin', 'create'], 201),
  }),
  matrixCase({
    route: 'GET /v1/collections/:collectionId',
    input: (f) => ({ collectionId: f.content.collection }),
    expected: byItemRole('read', 200),
  }),
  matrixCase({
    route: 'PATCH /v1/collections/:collectionId',
    prepare: (f) => f.freshCollection(),
    input: (f, collectionId: string) => ({ collectionId, title: f.unique('Renamed') }),
    observe: storedCollection,
    expected: byItemRole('admin', 200),
  }),
  matrixCase({
    route: 'DELETE /v1/collections/:collectionId',
    title: "holding another member's space",
    prepare: async (f) => {
      const collectionId = await f.freshCollection();
      const { id: spaceId } = await f.run(operations.spaces.create, {
        organizationId: f.organization.id,
        title: 'Inside',
        parent: collectionId,
      });
      return { collectionId, spaceId };
    },
    input: (_f, { collectionId }: { collectionId: string; spaceId: string }) => ({ collectionId }),
    observe: async (f, { collectionId, spaceId }: { collectionId: string; spaceId: string }) => [
      await storedCollection(f, collectionId),
      await f.server.services.repos.spaces.findById(spaceId),
    ],
    expected: byItemRole('admin', 204),
  }),
  matrixCase({
    route: 'DELETE /v1/collections/:collectionId',
    title: 'open to every member as admin, holding a space restricted to read',
    prepare: async (f) => {
      const collectionId = await f.freshCollection();
      await f.run(operations.collections.update, { collectionId, defaultLevel: 'admin' });
      const spaceId = await f.freshSpace(collectionId);
      await f.run(operations.spaces.update, { spaceId, defaultLevel: 'read' });
      return { collectionId, spaceId };
    },
    input: (_f, { collectionId }: { collectionId: string; spaceId: string }) => ({ collectionId }),
    observe: async (f, { collectionId, spaceId }: { collectionId: string; spaceId: string }) => [
      await storedCollection(f, collectionId),
      await f.server.services.repos.spaces.findById(spaceId),
    ],
    // Placement rule 5: admin on everything below. Members are admin of the collection by its
    // level, not of the space; a grant on the collection (or above) reaches the space too.
    expected: { ...byItemRole('admin', 204), create: 403, review: 403, edit: 403, comment: 403, read: 403 },
    rule: REMOVE_COLLECTION_RULE,
  }),
  matrixCase({
    route: 'GET /v1/collections/:collectionId/spaces',
    input: (f) => ({ collectionId: f.content.collection }),
    expected: byItemRole('read', 200),
  }),
  matrixCase({
    route: 'POST /v1/collections/:collectionId/move',
    title: 'to another position under the same parent',
    prepare: (f) => f.freshCollection(),
    input: (f, collectionId: string) => ({
      collectionId,
      position: { before: { type: 'collection', collection: f.content.collection } },
    }),
    observe: storedCollection,
    expected: byItemRole('admin', 200),
  }),
  matrixCase({
    route: 'POST /v1/collections/:collectionId/move',
    title: 'to the top level',
    prepare: (f) => f.freshCollection(),
    input: (_f, collectionId: string) => ({ collectionId, parent: null }),
    observe: storedCollection,
    expected: { ...byItemRole('admin', 200), ...grantHoldersRefused },
    rule: TOP_LEVEL_RULE,
  }),
  matrixCase({
    route: 'POST /v1/collections/:collectionId/transfer',
    title: "to the caller's own organization",
    prepare: (f) => f.freshCollection(),
    input: async (f, collectionId: string, caller) => ({
      collectionId,
      organization: await f.ownOrganizationOf(caller),
    }),
    observe: storedCollection,
    expected: { ...byItemRole('admin', 200), ...grantHoldersRefused },
    rule: TRANSFER_RULE,
  }),
];
