/**
 * Factories (after Outline's test/factories.ts): each test makes its own users and a fresh
 * organization through the domain's functions, so tests never share or truncate state.
 */
import {
  addOrganizationMember,
  createOrganizationWithOwner,
  createUser as createUserRecord,
  issueApiToken,
  type MemberRecord,
  type OrganizationRecord,
  type RoleOrGuest,
  type UserRecord,
} from '@quire/domain';
import type { TestServer } from './test-server';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(++sequence).toString(36)}`;

export interface TestUser {
  user: UserRecord;
  token: string;
}

export interface TestMember extends TestUser {
  member: MemberRecord;
}

export async function createUser(
  server: TestServer,
  overrides: { displayName?: string; email?: string; isInstanceAdmin?: boolean } = {},
): Promise<TestUser> {
  const n = next();
  const user = await createUserRecord(server.services, {
    displayName: overrides.displayName ?? `User ${n}`,
    email: overrides.email ?? `user-${n}@example.test`,
    isInstanceAdmin: overrides.isInstanceAdmin ?? false,
  });
  const { token } = await issueApiToken(server.services, { userId: user.id, name: 'test' });
  return { user, token };
}

export interface TestOrganization {
  organization: OrganizationRecord;
  /** The administrator who created it. */
  admin: TestMember;
}

export async function createOrganization(
  server: TestServer,
  overrides: { title?: string; owner?: TestUser } = {},
): Promise<TestOrganization> {
  const owner = overrides.owner ?? (await createUser(server));
  const organization = await createOrganizationWithOwner(server.services, {
    title: overrides.title ?? `Org ${next()}`,
    owner: owner.user,
  });
  const member = await server.services.repos.members.find(organization.id, owner.user.id);
  if (!member) throw new Error('factory: the owner is not a member of the organization it created');
  return { organization, admin: { ...owner, member } };
}

/** A new user who is a member of the organization with the role (null: a guest). */
export async function addMember(
  server: TestServer,
  organizationId: string,
  role: RoleOrGuest,
  overrides: { displayName?: string; email?: string } = {},
): Promise<TestMember> {
  const person = await createUser(server, overrides);
  const member = await addOrganizationMember(server.services, { organizationId, user: person.user, role });
  return { ...person, member };
}
