/**
 * Factories (after Outline's test/factories.ts): each test makes its own users and a fresh
 * organization through the domain's functions, so tests never share or truncate state. They
 * take the Quire under test, a test server or a test domain (`test-domain.ts`) alike.
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
import type { QuireUnderTest } from './test-domain';

/** The Quire under test as the factories need it: its services. */
type Quire = Pick<QuireUnderTest, 'services'>;

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
  quire: Quire,
  overrides: { displayName?: string; email?: string; isInstanceAdmin?: boolean } = {},
): Promise<TestUser> {
  const n = next();
  const user = await createUserRecord(quire.services, {
    displayName: overrides.displayName ?? `User ${n}`,
    email: overrides.email ?? `user-${n}@example.test`,
    isInstanceAdmin: overrides.isInstanceAdmin ?? false,
  });
  const { token } = await issueApiToken(quire.services, { userId: user.id, name: 'test' });
  return { user, token };
}

export interface TestOrganization {
  organization: OrganizationRecord;
  /** The administrator who created it. */
  admin: TestMember;
}

export async function createOrganization(
  quire: Quire,
  overrides: { title?: string; owner?: TestUser } = {},
): Promise<TestOrganization> {
  const owner = overrides.owner ?? (await createUser(quire));
  const organization = await createOrganizationWithOwner(quire.services, {
    title: overrides.title ?? `Org ${next()}`,
    owner: owner.user,
  });
  const member = await quire.services.repos.members.find(organization.id, owner.user.id);
  if (!member) throw new Error('factory: the owner is not a member of the organization it created');
  return { organization, admin: { ...owner, member } };
}

/** A new user who is a member of the organization with the role (null: a guest). */
export async function addMember(
  quire: Quire,
  organizationId: string,
  role: RoleOrGuest,
  overrides: { displayName?: string; email?: string } = {},
): Promise<TestMember> {
  const person = await createUser(quire, overrides);
  const member = await addOrganizationMember(quire.services, { organizationId, user: person.user, role });
  return { ...person, member };
}
