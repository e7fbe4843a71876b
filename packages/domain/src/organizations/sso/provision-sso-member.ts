/**
 * Just-in-time provisioning: what a sign-in through an organization's identity provider (SAML
 * or OpenID Connect) makes of the person the provider vouches for. The provider has checked
 * the email; this decides who it is in Quire.
 *
 * 1. A member of the organization with that email is that member (a disabled one is refused:
 *    an identity provider does not undo an admin's decision), provided the provider speaks
 *    for the account (`provider-speaks-for.ts`: never an instance administrator); otherwise
 *    it is refused (`SSO_ACCOUNT_BEYOND_ORGANIZATION`), nothing written. *Decision
 *    (twenty-first session):* until then any member was signed in, so whoever administers
 *    one organization could configure a provider asserting the email of a member who
 *    administers the instance, or belongs to other organizations, and hold their account. A
 *    member of other organizations is signed in since the twenty-third session: the session reaches
 *    only the organizations trusting the provider's authority (`policies/session-reach.ts`).
 * 2. An email that is no one's: a user is made (no password, they sign in through the
 *    provider) and becomes a member, marked an SSO member, with the role of the
 *    organization's pending invitation of that email when there is one (which is then used
 *    up: an invited person keeps the role they were invited with), else with the provider's
 *    `defaultRole`; and joins its `defaultTeam` when that team still exists.
 * 3. An email of a user who is not a member of the organization is refused. *Decision:* an
 *    organization's provider speaks for that organization's people only. Linking any account
 *    whose email the provider asserts would let whoever administers one organization's
 *    identity provider sign in as anyone on the instance (an instance administrator, a member
 *    of other organizations) by asserting their email. Invite them first (an invitation makes
 *    them a member once they accept it with their account's password), then they sign in
 *    through the provider. A pending invitation alone does not open the account: whoever
 *    administers the provider also sends the organization's invitations.
 *
 * Concurrent first sign-ins of one person (two tabs) end with one user and one member: the
 * unique keys decide, and the loser reads what the winner wrote.
 */
import type { DomainServices } from '../../core/context';
import { forbidden, invalidInput, isDomainError, notFound } from '../../core/errors';
import type { RoleOrGuest } from '../../core/schemas';
import { createUser, DisplayNameSchema, EmailSchema, type UserRecord } from '../../identity';
import { addOrganizationMember } from '../add-member';
import type { MemberRecord } from '../records';
import { providerSpeaksFor, type SsoAuthority } from './provider-speaks-for';

export type SsoProviderKind = 'saml' | 'oidc';

/** The provider a person signed in through, with what it gives the people it brings. */
export interface SsoProviderGrant {
  kind: SsoProviderKind;
  id: string;
  /** Role of people who join through the provider (null: guest). */
  defaultRole: RoleOrGuest;
  /** Team that people who join through the provider are added to. */
  defaultTeam?: string;
  /** What vouches for the people it asserts (`oidcAuthority`, `samlAuthority`). */
  authority: SsoAuthority;
}

export interface ProvisionSsoMemberInput {
  organizationId: string;
  provider: SsoProviderGrant;
  /** The email the provider asserted (checked and lower-cased here). */
  email: string;
  /** The name the provider gave, if any; the email's local part otherwise. */
  displayName?: string;
}

export interface ProvisionedSsoMember {
  user: UserRecord;
  member: MemberRecord;
  /** Whether this sign-in made the membership (and the user, when `userCreated`). */
  memberCreated: boolean;
  userCreated: boolean;
}

/** The message a person gets when their email belongs to an account outside the organization. */
export const SSO_ACCOUNT_NOT_MEMBER =
  'An account with this email exists but is not a member of this organization: ask an admin of the organization to invite it, then sign in again';

/** The message a person gets when the provider does not speak for their account (rule 1). */
export const SSO_ACCOUNT_BEYOND_ORGANIZATION =
  "This account administers the instance, so an organization's identity provider cannot sign it in: sign in with the account's password";

export async function provisionSsoMember(
  services: DomainServices,
  input: ProvisionSsoMemberInput,
): Promise<ProvisionedSsoMember> {
  const email = EmailSchema.safeParse(input.email);
  if (!email.success) throw invalidInput('email', 'the identity provider gave no valid email address');
  const organization = await services.repos.organizations.findById(input.organizationId);
  if (!organization) throw notFound('Organization');

  const found = await services.repos.users.findByEmail(email.data);
  const { user, created: userCreated } = found
    ? { user: found, created: false }
    : await createSsoUser(services, email.data, input.displayName);

  const existing = await services.repos.members.find(organization.id, user.id);
  if (existing) {
    assertSpokenFor(user);
    return { user, member: usable(existing), memberCreated: false, userCreated };
  }
  // A user made by an earlier sign-in whose membership write failed is still ours to finish.
  if (!userCreated && !(await madeForThisSignIn(services, user))) {
    // Or a concurrent first sign-in of the same person made the membership since it was read.
    const meanwhile = await services.repos.members.find(organization.id, user.id);
    if (!meanwhile) throw forbidden(SSO_ACCOUNT_NOT_MEMBER);
    assertSpokenFor(user);
    return { user, member: usable(meanwhile), memberCreated: false, userCreated };
  }

  const invitation = await services.repos.invitations.findByEmail(organization.id, email.data);
  const invited =
    invitation && Date.parse(invitation.expiresAt) > services.clock.now().getTime() ? invitation : null;
  let member: MemberRecord;
  try {
    member = await addOrganizationMember(services, {
      organizationId: organization.id,
      user,
      role: invited ? invited.role : input.provider.defaultRole,
      sso: true,
    });
  } catch (error) {
    const winner = isConflict(error) && (await services.repos.members.find(organization.id, user.id));
    if (!winner) throw error;
    return { user, member: usable(winner), memberCreated: false, userCreated };
  }
  // Used up once it made the member (a crash before leaves it pending: the next sign-in finds
  // the member and keeps it, and the invitation expires).
  if (invited) await services.repos.invitations.delete(organization.id, invited.id, invited.tokenHash);
  await joinDefaultTeam(services, organization.id, user.id, input.provider.defaultTeam);
  return { user, member, memberCreated: true, userCreated };
}

/** Rule 1's condition on an existing member. */
function assertSpokenFor(user: UserRecord): void {
  if (!providerSpeaksFor(user)) throw forbidden(SSO_ACCOUNT_BEYOND_ORGANIZATION);
}

function usable(member: MemberRecord): MemberRecord {
  if (member.disabled)
    throw forbidden('Your membership of this organization is disabled: ask one of its admins');
  return member;
}

const isConflict = (error: unknown): boolean => isDomainError(error) && error.code === 'conflict';

/**
 * A user with no password, no organization and no token is one a sign-in made and could not
 * finish (or lost a race to finish): nobody else can have signed in as them, so completing
 * their membership takes no account over.
 */
async function madeForThisSignIn(services: DomainServices, user: UserRecord): Promise<boolean> {
  if (user.isInstanceAdmin) return false;
  const [withHash, memberships, tokens] = await Promise.all([
    services.repos.users.findWithPasswordHash(user.email),
    services.repos.members.countMembershipsOfUser(user.id),
    services.repos.apiTokens.countByUser(user.id),
  ]);
  return withHash?.passwordHash === null && memberships === 0 && tokens === 0;
}

async function createSsoUser(
  services: DomainServices,
  email: string,
  displayName: string | undefined,
): Promise<{ user: UserRecord; created: boolean }> {
  try {
    return {
      user: await createUser(services, { displayName: nameFor(email, displayName), email }),
      created: true,
    };
  } catch (error) {
    // Another sign-in of the same person made the user meanwhile.
    const winner = isConflict(error) && (await services.repos.users.findByEmail(email));
    if (!winner) throw error;
    return { user: winner, created: false };
  }
}

/** The provider's name when it is a valid display name, else the email's local part (cut to fit). */
function nameFor(email: string, displayName: string | undefined): string {
  const given = DisplayNameSchema.safeParse(displayName ?? '');
  if (given.success) return given.data;
  return email.slice(0, email.indexOf('@')).slice(0, 64) || email.slice(0, 64);
}

async function joinDefaultTeam(
  services: DomainServices,
  organizationId: string,
  userId: string,
  teamId: string | undefined,
): Promise<void> {
  // A team deleted since the provider named it is cleared from the provider; until then, skipped.
  if (!teamId || !(await services.repos.teams.findById(organizationId, teamId))) return;
  await services.repos.teams.putMembership({
    organizationId,
    teamId,
    userId,
    role: 'member',
    addedAt: services.clock.now().toISOString(),
  });
}
