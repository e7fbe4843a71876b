/** The matrix of the identity routes: `/v1/user`, `/v1/users/{userId}` and `/admin`. */
import { operations, startSession } from '@quire/domain';
import { anyCaller, instanceAdminsOnly, unchanged } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const victimToken = (fixture: MatrixFixture, tokenId: string) =>
  fixture.read(
    operations.admin.tokens.get,
    { userId: fixture.victim.userId, tokenId },
    fixture.instanceAdmin,
  );

/** A session of the victim (a user of no organization), as signing in to the web app makes one. */
const freshVictimSession = async (fixture: MatrixFixture) =>
  (
    await startSession(fixture.server.services, {
      userId: fixture.victim.userId,
      userAgent: 'matrix',
      address: '192.0.2.1',
    })
  ).session.id;

const victimSession = (fixture: MatrixFixture, sessionId: string) =>
  fixture.server.services.repos.sessions.findById(sessionId);

const victimPasswordHash = async (fixture: MatrixFixture) => {
  const victim = await fixture.server.services.repos.users.findById(fixture.victim.userId);
  return (await fixture.server.services.repos.users.findWithPasswordHash(victim!.email))?.passwordHash;
};

const victimTokenCount = async (fixture: MatrixFixture) =>
  fixture.server.services.repos.apiTokens.countByUser(fixture.victim.userId);

export const identityCases: MatrixCase[] = [
  matrixCase({ route: 'GET /v1/user', input: () => ({}), expected: anyCaller(200) }),
  matrixCase({
    route: 'POST /v1/user/tokens',
    title: 'with an API token',
    input: () => ({ name: 'matrix' }),
    // A token never mints a token (`policies/token-issuing.ts`, rule 1); sessions are tested in
    // `test/identity/own-tokens.test.ts`.
    expected: anyCaller(403),
  }),
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
  matrixCase({ route: 'GET /v1/user/sessions', input: () => ({}), expected: anyCaller(200) }),
  matrixCase({ route: 'GET /v1/user/preferences', input: () => ({}), expected: anyCaller(200) }),
  matrixCase({
    route: 'PATCH /v1/user/preferences',
    title: "their own (the victim's stay as they were)",
    input: () => ({ emailNotifications: true }),
    observe: (f) => f.server.services.repos.users.findById(f.victim.userId),
    // Each caller changes only their own: the victim's record is untouched.
    expected: anyCaller(unchanged(200)),
  }),
  matrixCase({
    route: 'DELETE /v1/user/sessions/:sessionId',
    title: "someone else's session",
    prepare: freshVictimSession,
    input: (_f, sessionId: string) => ({ sessionId }),
    observe: victimSession,
    // Someone else's session is not found, and stays signed in.
    expected: anyCaller(404),
  }),
  matrixCase({
    route: 'GET /v1/users/:userId',
    title: 'a member of the organization',
    input: (f) => ({ userId: f.subject.user.id }),
    // Whoever may see the user in an organization they share, and instance administrators; no
    // one else. The subject (an editor) views the matrix's content, so every guest holding a
    // grant on it sees them; the guest without a grant sees no one (people-in-sight.ts).
    expected: { ...anyCaller(200), guest: 404, otherOrganization: 404 },
  }),
  matrixCase({
    route: 'PATCH /v1/users/:userId',
    title: 'a member of the organization',
    input: (f) => ({ userId: f.subject.user.id, displayName: f.unique('renamed') }),
    observe: (f) => f.server.services.repos.users.findById(f.subject.user.id),
    // Only its owner (not among the callers) and instance administrators change an account;
    // who sees it otherwise is refused, who does not see it finds nothing.
    expected: { ...anyCaller(403), guest: 404, otherOrganization: 404, instanceAdmin: 200 },
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
    route: 'POST /admin/users/:userId/password',
    input: (f) => ({ userId: f.victim.userId, password: 'a matrix password' }),
    observe: victimPasswordHash,
    expected: instanceAdminsOnly(204),
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
