/** The matrix of the space routes. */
import { operations, ROLES } from '@quire/domain';
import { byItemRole, byOrganizationRole, unchanged } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';
import {
  grantHoldersRefused,
  RESTORE_TO_TOP_LEVEL_RULE,
  TOP_LEVEL_RULE,
  TRANSFER_RULE,
} from './content-rules';

/** The stored space: its place (parent, position, organization) is not all in the resource. */
const storedSpace = (fixture: MatrixFixture, spaceId: string) =>
  fixture.server.services.repos.spaces.findById(spaceId);
const spacesIn = (fixture: MatrixFixture, collectionId: string) =>
  fixture.read(operations.collections.spaces.list, { collectionId, limit: 1000 });

export const spaceCases: MatrixCase[] = [
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/spaces',
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole([...ROLES, 'guest'], 200),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/spaces/deleted',
    input: (f) => ({ organizationId: f.organization.id }),
    // Every member may ask; the list holds only what each may restore (deleted-spaces.test.ts).
    expected: byOrganizationRole([...ROLES, 'guest'], 200),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/spaces',
    title: 'in a collection the grant holders administer',
    input: (f) => ({
      organizationId: f.organization.id,
      title: f.unique('Created'),
      parent: f.content.collection,
    }),
    observe: (f) => spacesIn(f, f.content.collection),
    // Placement rule 1: create on the collection it goes into (a grant gives it).
    expected: byItemRole('create', 201),
  }),
  matrixCase({
    route: 'POST /v1/orgs/:organizationId/spaces',
    title: 'at the top level',
    input: (f) => ({ organizationId: f.organization.id, title: f.unique('Created') }),
    observe: (f) => f.read(operations.spaces.list, { organizationId: f.organization.id }),
    // Placement rule 1 at the top level: the organization's createContent (role create).
    expected: byOrganizationRole(['admin', 'create'], 201),
  }),
  matrixCase({
    route: 'GET /v1/spaces/:spaceId',
    input: (f) => ({ spaceId: f.content.space }),
    expected: byItemRole('read', 200),
  }),
  matrixCase({
    route: 'PATCH /v1/spaces/:spaceId',
    prepare: (f) => f.freshSpace(),
    input: (f, spaceId: string) => ({ spaceId, title: f.unique('Renamed') }),
    observe: storedSpace,
    expected: byItemRole('admin', 200),
  }),
  matrixCase({
    route: 'DELETE /v1/spaces/:spaceId',
    prepare: (f) => f.freshSpace(),
    input: (_f, spaceId: string) => ({ spaceId }),
    observe: storedSpace,
    // Who cannot see the space gets what a missing space gets: 204, and nothing changes.
    expected: {
      ...byItemRole('admin', 204),
      guest: unchanged(204),
      otherOrganization: unchanged(204),
      instanceAdmin: unchanged(204),
    },
  }),
  matrixCase({
    route: 'POST /v1/spaces/:spaceId/duplicate',
    input: (f) => ({ spaceId: f.content.space }),
    observe: (f) => spacesIn(f, f.content.outer),
    // Viewing the space, and placement rule 1 where the copy goes: create on `outer`, which
    // only `ancestorGrant` of the grant holders has; `outer` is hidden from `guestWithGrant`.
    expected: {
      ...byItemRole('read', 403),
      admin: 201,
      create: 201,
      ancestorGrant: 201,
      guestWithGrant: 404,
    },
  }),
  matrixCase({
    route: 'POST /v1/spaces/:spaceId/restore',
    prepare: async (f) => {
      const spaceId = await f.freshSpace();
      await f.run(operations.spaces.remove, { spaceId });
      return spaceId;
    },
    input: (_f, spaceId: string) => ({ spaceId }),
    observe: storedSpace,
    expected: byItemRole('admin', 200),
  }),
  matrixCase({
    route: 'POST /v1/spaces/:spaceId/restore',
    title: 'out of a removed collection, to the top level',
    prepare: async (f) => {
      const collectionId = await f.freshCollection();
      const spaceId = await f.freshSpace(collectionId);
      await f.run(operations.collections.remove, { collectionId });
      return spaceId;
    },
    input: (_f, spaceId: string) => ({ spaceId }),
    observe: storedSpace,
    // The grants on the removed collection went with it (`ancestorGrant` no longer sees the
    // space); the grants on the space remain, but the space lands at the top level.
    expected: { ...byItemRole('admin', 200), ...grantHoldersRefused, ancestorGrant: 404 },
    rule: RESTORE_TO_TOP_LEVEL_RULE,
  }),
  matrixCase({
    route: 'POST /v1/spaces/:spaceId/move',
    title: 'to another position under the same parent',
    prepare: (f) => f.freshSpace(),
    input: (f, spaceId: string) => ({
      spaceId,
      position: { before: { type: 'collection', collection: f.content.collection } },
    }),
    observe: storedSpace,
    expected: byItemRole('admin', 200),
  }),
  matrixCase({
    route: 'POST /v1/spaces/:spaceId/move',
    title: 'to the top level',
    prepare: (f) => f.freshSpace(),
    input: (_f, spaceId: string) => ({ spaceId, parent: null }),
    observe: storedSpace,
    expected: { ...byItemRole('admin', 200), ...grantHoldersRefused },
    rule: TOP_LEVEL_RULE,
  }),
  matrixCase({
    route: 'POST /v1/spaces/:spaceId/transfer',
    title: "to the caller's own organization",
    prepare: (f) => f.freshSpace(),
    input: async (f, spaceId: string, caller) => ({
      spaceId,
      organization: await f.ownOrganizationOf(caller),
    }),
    observe: storedSpace,
    expected: { ...byItemRole('admin', 200), ...grantHoldersRefused },
    rule: TRANSFER_RULE,
  }),
];
