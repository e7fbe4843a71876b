/**
 * The matrix of the permissions routes of spaces and collections (who holds which role on
 * an item): the same rows for both kinds of content.
 */
import { type AnyOperation, operations } from '@quire/domain';
import { byItemRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

type Kind = 'space' | 'collection';

/** The operations the observations use, the same for both kinds (their id field differs). */
interface GrantOperations {
  invite: AnyOperation;
  users: { list: AnyOperation };
  teams: { list: AnyOperation };
}

const BASE = {
  space: '/v1/spaces/:spaceId/permissions',
  collection: '/v1/collections/:collectionId/permissions',
};

function permissionCases(kind: Kind): MatrixCase[] {
  const base = BASE[kind];
  const idOf = (id: string) => (kind === 'space' ? { spaceId: id } : { collectionId: id });
  const shared = (f: MatrixFixture) => (kind === 'space' ? f.content.space : f.content.collection);
  const fresh = (f: MatrixFixture) => (kind === 'space' ? f.freshSpace() : f.freshCollection());
  const ops: GrantOperations =
    kind === 'space' ? operations.spaces.permissions : operations.collections.permissions;
  const grantsOn = async (f: MatrixFixture, id: string) => [
    await f.read(ops.users.list, { ...idOf(id), limit: 1000 }),
    await f.read(ops.teams.list, { ...idOf(id), limit: 1000 }),
  ];
  const withGrants = async (f: MatrixFixture) => {
    const id = await fresh(f);
    await f.run(ops.invite, {
      ...idOf(id),
      role: 'read',
      users: [f.subject.user.id],
      teams: [f.teams.squad],
    });
    return id;
  };
  return [
    matrixCase({
      route: `POST ${base}`,
      prepare: fresh,
      input: (f, id: string) => ({ ...idOf(id), role: 'read', users: [f.subject.user.id] }),
      observe: grantsOn,
      expected: byItemRole('admin', 204),
    }),
    matrixCase({
      route: `GET ${base}/users`,
      input: (f) => idOf(shared(f)),
      expected: byItemRole('read', 200),
    }),
    matrixCase({
      route: `PATCH ${base}/users/:userId`,
      prepare: fresh,
      input: (f, id: string) => ({ ...idOf(id), userId: f.subject.user.id, role: 'edit' }),
      observe: grantsOn,
      expected: byItemRole('admin', 204),
    }),
    matrixCase({
      route: `DELETE ${base}/users/:userId`,
      prepare: withGrants,
      input: (f, id: string) => ({ ...idOf(id), userId: f.subject.user.id }),
      observe: grantsOn,
      expected: byItemRole('admin', 204),
    }),
    matrixCase({
      route: `GET ${base}/teams`,
      input: (f) => idOf(shared(f)),
      expected: byItemRole('read', 200),
    }),
    matrixCase({
      route: `PATCH ${base}/teams/:teamId`,
      prepare: fresh,
      input: (f, id: string) => ({ ...idOf(id), teamId: f.teams.squad, role: 'edit' }),
      observe: grantsOn,
      expected: byItemRole('admin', 204),
    }),
    matrixCase({
      route: `DELETE ${base}/teams/:teamId`,
      prepare: withGrants,
      input: (f, id: string) => ({ ...idOf(id), teamId: f.teams.squad }),
      observe: grantsOn,
      expected: byItemRole('admin', 204),
    }),
    matrixCase({
      route: `GET ${base}/aggregate`,
      input: (f) => idOf(shared(f)),
      // Who may view the item may see who can access it, as with the users and teams lists.
      expected: byItemRole('read', 200),
    }),
  ];
}

export const contentPermissionCases: MatrixCase[] = [
  ...permissionCases('space'),
  ...permissionCases('collection'),
];
