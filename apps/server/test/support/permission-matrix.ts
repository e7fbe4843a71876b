/**
 * The per-area permission matrix of REST (the older one): every kind of caller × an
 * operation, each against a fresh organization, asserting the status and, for refused
 * callers, that nothing changed.
 *
 * Callers: each organization role, a guest, a member of another organization, an instance
 * administrator who is not a member, and no token at all.
 *
 * Superseded by `support/matrix` (`test/permissions/*.matrix.test.ts`): every route, the
 * grant holders among the callers, and the three faces. Kept while area tests still call it.
 */
import { ROLES, type Role } from '@quire/domain';
import { expect, it } from 'vitest';
import {
  addMember,
  createOrganization,
  createUser,
  type TestMember,
  type TestOrganization,
  type TestUser,
} from './factories';
import type { ApiRequest, ApiResponse, TestServer } from './test-server';

export const CALLER_KINDS = [...ROLES, 'guest', 'otherOrganization', 'instanceAdmin', 'anonymous'] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export interface MatrixFixture {
  server: TestServer;
  org: TestOrganization;
  /** A member for each role (admin is the organization's creator), and a guest. */
  members: Record<Role | 'guest', TestMember>;
  /** A user who belongs only to another organization. */
  outsider: TestUser;
}

export interface MatrixCase<Extra = unknown> {
  /** Extra setup in the fresh organization (a team to delete, ...). */
  prepare?: (fixture: MatrixFixture) => Promise<Extra>;
  request: (fixture: MatrixFixture, extra: Extra) => ApiRequest & { path: string };
  /** Reads the state the operation would change; must be equal before and after a refused call. */
  observe?: (fixture: MatrixFixture, extra: Extra) => Promise<unknown>;
  /** Expected status per caller kind; a 2xx means allowed. */
  expected: Record<CallerKind, number>;
}

export async function matrixFixture(server: TestServer): Promise<MatrixFixture> {
  const org = await createOrganization(server);
  const members = { admin: org.admin } as Record<Role | 'guest', TestMember>;
  for (const role of ROLES.filter((r) => r !== 'admin')) {
    members[role] = await addMember(server, org.organization.id, role);
  }
  members.guest = await addMember(server, org.organization.id, null);
  const outsider = (await createOrganization(server)).admin;
  return { server, org, members, outsider };
}

async function tokenOf(server: TestServer, fixture: MatrixFixture, kind: CallerKind): Promise<string | null> {
  switch (kind) {
    case 'anonymous':
      return null;
    case 'otherOrganization':
      return fixture.outsider.token;
    case 'instanceAdmin':
      return (await createUser(server, { isInstanceAdmin: true })).token;
    default:
      return fixture.members[kind].token;
  }
}

/** Declares one test per caller kind for the operation. */
export function permissionMatrix<Extra>(getServer: () => TestServer, matrixCase: MatrixCase<Extra>): void {
  for (const kind of CALLER_KINDS) {
    const status = matrixCase.expected[kind];
    it(`${kind}: ${status}`, async () => {
      const server = getServer();
      const fixture = await matrixFixture(server);
      const extra = (await matrixCase.prepare?.(fixture)) as Extra;
      const before = await matrixCase.observe?.(fixture, extra);
      const { path, ...request } = matrixCase.request(fixture, extra);
      const response: ApiResponse = await server.api(path, {
        ...request,
        token: await tokenOf(server, fixture, kind),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      if (status >= 400) {
        expect(response.body?.error?.code).toBe(status);
        if (matrixCase.observe) expect(await matrixCase.observe(fixture, extra)).toEqual(before);
      }
    });
  }
}

/** Expected statuses: `allowed` callers get `ok`; other members `forbidden`; outsiders 404; no token 401. */
export function expectRoles(
  allowed: ReadonlyArray<Role | 'guest'>,
  ok: number,
  options: { forbidden?: number } = {},
): Record<CallerKind, number> {
  const refused = options.forbidden ?? 403;
  const result = {} as Record<CallerKind, number>;
  for (const kind of [...ROLES, 'guest'] as const) result[kind] = allowed.includes(kind) ? ok : refused;
  result.otherOrganization = 404;
  result.instanceAdmin = 404;
  result.anonymous = 401;
  return result;
}
