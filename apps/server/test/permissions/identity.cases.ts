/** The matrix of the identity routes: `/v1/user`, `/v1/users/{userId}` and `/admin`. */
import { operations } from '@quire/domain';
import { anyCaller, instanceAdminsOnly, unchanged } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const victimToken = (fixture: MatrixFixture, tokenId: string) =>
  fixture.read(
    operations.admin.tokens.get,
    { userId: fixture.victim.userId, tokenId },
    fixture.instanceAdmin,
  );

const victimTokenCount = async (fixture: MatrixFixture) =>
  fixture.server.services.repos.apiTokens.countByUser(fixture.victim.userId);

export const identityCases: MatrixCase[] = [
  matrixCase({ route: 'GET /v1/user', input: () => ({}), expected: anyCaller(200) }),
  matrixCase({ route: 'GET /v1/user/tokens', input: () => ({}), expected: anyCaller(200) }),
  matrixCase({
    route: 'DELETE /v1/user/tokens/:tokenId',
    title: "someone else's token",
    prepare: (f) => f.freshVictimToken(),
    input: (_f, tokenId: string) => ({ tokenId }),
    observe: victimToken,
    // Someone else's token is treated as missing: 204, and it stays valid.
    expected: anyCaller(unchanged(204)),
  }),
  matrixCase({
    route: 'GET /v1/users/:userId',
    title: 'a member of the organization',
    input: (f) => ({ userId: f.subject.user.id }),
    // Whoever shares an organization with the user, and instance administrators; no one else.
    expected: { ...anyCaller(200), otherOrganization: 404 },
  }),
  matrixCase({
    route: 'POST /admin/users',
    prepare: async (f) => f.unique('person').replace(' ', '-'),
    input: (_f, name: string) => ({ displayName: name, email: `${name}@matrix.test` }),
    observe: (f, name: string) => f.server.services.repos.users.findByEmail(`${name}@matrix.test`),
    expected: instanceAdminsOnly(201),
  }),
  matrixCase({ route: 'GET /admin/users', input: () => ({}), expected: instanceAdminsOnly(200) }),
  matrixCase({
    route: 'GET /admin/users/:userId',
    input: (f) => ({ userId: f.subject.user.id }),
    expected: instanceAdminsOnly(200),
  }),
  matrixCase({
    route: 'POST /admin/users/:userId/tokens',
    input: (f) => ({ userId: f.victim.userId, name: 'matrix' }),
    observe: victimTokenCount,
    expected: instanceAdminsOnly(201),
  }),
  matrixCase({
    route: 'GET /admin/users/:userId/tokens',
    input: (f) => ({ userId: f.victim.userId }),
    expected: instanceAdminsOnly(200),
  }),
  matrixCase({
    route: 'GET /admin/users/:userId/tokens/:tokenId',
    input: (f) => ({ userId: f.victim.userId, tokenId: f.victim.tokenId }),
    expected: instanceAdminsOnly(200),
  }),
  matrixCase({
    route: 'DELETE /admin/users/:userId/tokens/:tokenId',
    prepare: (f) => f.freshVictimToken(),
    input: (f, tokenId: string) => ({ userId: f.victim.userId, tokenId }),
    observe: victimToken,
    expected: instanceAdminsOnly(204),
  }),
];
