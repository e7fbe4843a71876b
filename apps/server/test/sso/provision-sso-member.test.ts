/**
 * Just-in-time provisioning (`provisionSsoMember`) on the domain, for what the sign-in tests
 * through HTTP do not reach: a disabled member, a guest role, a default team deleted since,
 * an email that is no address, and two first sign-ins of one person at once.
 */
import {
  addOrganizationMember,
  type DomainError,
  operations,
  provisionSsoMember,
  SSO_ACCOUNT_BEYOND_ORGANIZATION,
  SSO_ACCOUNT_NOT_MEMBER,
  type SsoProviderGrant,
  samlAuthority,
  startSession,
} from '@quire/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser } from '../support/factories';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

/** A signing certificate's body (what a SAML provider's authority is), not a real one. */
const CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIBcertificateOfTheCorpIdP\n-----END CERTIFICATE-----';
const saml = (grant: Partial<SsoProviderGrant> = {}): SsoProviderGrant => ({
  kind: 'saml',
  id: 'provider',
  authority: samlAuthority(CERTIFICATE),
  defaultRole: 'read',
  ...grant,
});

/** An active SAML provider of `organizationId` signing with `certificate`. */
async function addSamlProvider(organizationId: string, certificate: string): Promise<void> {
  await quire.services.repos.samlProviders.insert({
    id: `p${++people}`,
    organizationId,
    label: 'Corp',
    entityID: 'https://idp.corp.test/saml',
    certificate,
    ssoURL: 'https://idp.corp.test/sso',
    defaultRole: 'read',
    status: 'active',
    createdAt: new Date().toISOString(),
  });
}
let people = 0;
const email = () => `jit-${++people}-${Date.now().toString(36)}@example.test`;

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: DomainError) => e,
  );
  expect(error).not.toBeNull();
  return error!;
}

describe('provisionSsoMember', () => {
  it('makes a guest when the default role is null, and skips a default team that is gone', async () => {
    const org = await createOrganization(quire);
    const address = email();
    const made = await provisionSsoMember(quire.services, {
      organizationId: org.organization.id,
      provider: saml({ defaultRole: null, defaultTeam: 'deletedteam' }),
      email: ` ${address.toUpperCase()} `,
    });
    expect(made).toMatchObject({ memberCreated: true, userCreated: true });
    expect(made.user).toMatchObject({ email: address, displayName: address.slice(0, address.indexOf('@')) });
    expect(made.member).toMatchObject({ role: null, sso: true, teamIds: [] });
  });

  it('refuses a disabled member and an account outside the organization, writing nothing', async () => {
    const org = await createOrganization(quire);
    const disabled = await addMember(quire, org.organization.id, 'edit');
    await quire.services.repos.members.update(org.organization.id, disabled.user.id, { disabled: true });
    const refused = await refusal(
      provisionSsoMember(quire.services, {
        organizationId: org.organization.id,
        provider: saml(),
        email: disabled.user.email,
      }),
    );
    expect(refused).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/disabled/) });

    const outsider = await createUser(quire);
    const count = (await quire.services.repos.organizations.findById(org.organization.id))?.memberCount;
    expect(
      await refusal(
        provisionSsoMember(quire.services, {
          organizationId: org.organization.id,
          provider: saml(),
          email: outsider.user.email,
        }),
      ),
    ).toMatchObject({ code: 'forbidden', message: SSO_ACCOUNT_NOT_MEMBER });
    expect(await quire.services.repos.members.find(org.organization.id, outsider.user.id)).toBeNull();
    expect((await quire.services.repos.organizations.findById(org.organization.id))?.memberCount).toBe(count);
  });

  it('signs in an existing member, whatever their other organizations trust, never an instance administrator', async () => {
    // An organization's admins configure its provider, which can assert any email: signing in
    // an instance administrator would hand them the instance. A member of other organizations
    // is signed in: the session reaches only the organizations trusting the provider's
    // authority (policies/session-reach.ts; tested in sso-session-reach.test.ts).
    const org = await createOrganization(quire);
    const organizationId = org.organization.id;
    const instanceAdmin = await createUser(quire, { isInstanceAdmin: true });
    await addOrganizationMember(quire.services, { organizationId, user: instanceAdmin.user, role: 'read' });
    const elsewhere = await createOrganization(quire);
    const twoOrganizations = await addMember(quire, elsewhere.organization.id, 'admin');
    await addOrganizationMember(quire.services, {
      organizationId,
      user: twoOrganizations.user,
      role: 'read',
    });
    const ownOnly = await addMember(quire, organizationId, 'edit');

    const signIn = (person: { user: { email: string } }) =>
      provisionSsoMember(quire.services, { organizationId, provider: saml(), email: person.user.email });
    const before = await quire.services.repos.members.find(organizationId, instanceAdmin.user.id);
    expect(await refusal(signIn(instanceAdmin))).toMatchObject({
      code: 'forbidden',
      message: SSO_ACCOUNT_BEYOND_ORGANIZATION,
    });
    expect(await quire.services.repos.members.find(organizationId, instanceAdmin.user.id)).toEqual(before);
    // The other organization trusting no provider, or another certificate, changes nothing.
    expect(await signIn(twoOrganizations)).toMatchObject({ user: { id: twoOrganizations.user.id } });
    await addSamlProvider(elsewhere.organization.id, CERTIFICATE.replace('Corp', 'Evil'));
    expect(await signIn(twoOrganizations)).toMatchObject({
      user: { id: twoOrganizations.user.id },
      memberCreated: false,
    });
    expect(await signIn(ownOnly)).toMatchObject({
      user: { id: ownOnly.user.id },
      memberCreated: false,
      userCreated: false,
    });
    // An instance administrator, never, even where every organization trusts the authority.
    await addSamlProvider(elsewhere.organization.id, CERTIFICATE);
    expect(await refusal(signIn(instanceAdmin))).toMatchObject({ message: SSO_ACCOUNT_BEYOND_ORGANIZATION });
  });

  it('keeps the sessions a provider opened when its person joins an organization not trusting it (they do not reach it)', async () => {
    const org = await createOrganization(quire);
    const person = await addMember(quire, org.organization.id, 'edit');
    const now = () => quire.services.clock.now().toISOString();
    const openedThrough = { organizationId: org.organization.id, authority: samlAuthority(CERTIFICATE) };
    const start = (through?: typeof openedThrough) =>
      startSession(quire.services, {
        userId: person.user.id,
        userAgent: 'test',
        address: '192.0.2.1',
        ...(through ? { openedThrough: through } : {}),
      });
    const byProvider = (await start(openedThrough)).session;
    const byPassword = (await start()).session;
    // An organization trusting the same authority.
    const trusting = await createOrganization(quire);
    await addSamlProvider(trusting.organization.id, CERTIFICATE);
    await addOrganizationMember(quire.services, {
      organizationId: trusting.organization.id,
      user: person.user,
      role: 'read',
    });
    expect(await quire.services.repos.sessions.findById(byProvider.id)).not.toBeNull();
    // One that does not: the session is kept, and does not reach it (policies/session-reach.ts,
    // tested through HTTP in sso-session-reach.test.ts). Until the twenty-third session it
    // was ended here, as it reached every organization of its person.
    const other = await createOrganization(quire);
    await addOrganizationMember(quire.services, {
      organizationId: other.organization.id,
      user: person.user,
      role: 'read',
    });
    expect(await quire.services.repos.sessions.findById(byProvider.id)).not.toBeNull();
    expect(await quire.services.repos.sessions.findById(byPassword.id)).not.toBeNull();
    expect(await quire.services.repos.sessions.countByUser(person.user.id, now())).toBe(2);
  });

  it("gives an invited person the invitation's role and uses it up; an invitation opens no existing account", async () => {
    const org = await createOrganization(quire);
    const organizationId = org.organization.id;
    const address = email();
    const outsider = await createUser(quire);
    await quire.callOperation(operations.orgs.invite, org.admin, {
      organizationId,
      emails: [
        { email: address, role: 'edit' },
        { email: outsider.user.email, role: 'admin' },
      ],
    });
    const made = await provisionSsoMember(quire.services, {
      organizationId,
      provider: saml({ defaultRole: 'read' }),
      email: address,
    });
    expect(made.member).toMatchObject({ role: 'edit', sso: true });
    expect(await quire.services.repos.invitations.findByEmail(organizationId, address)).toBeNull();
    // The provider's admins send the invitations too: an existing account still needs its password.
    expect(
      await refusal(
        provisionSsoMember(quire.services, { organizationId, provider: saml(), email: outsider.user.email }),
      ),
    ).toMatchObject({ code: 'forbidden', message: SSO_ACCOUNT_NOT_MEMBER });
    expect(await quire.services.repos.members.find(organizationId, outsider.user.id)).toBeNull();
    expect(
      await quire.services.repos.invitations.findByEmail(organizationId, outsider.user.email),
    ).not.toBeNull();
  });

  it('refuses an email that is no address', async () => {
    const org = await createOrganization(quire);
    expect(
      await refusal(
        provisionSsoMember(quire.services, {
          organizationId: org.organization.id,
          provider: saml(),
          email: 'nobody',
        }),
      ),
    ).toMatchObject({ code: 'validation', details: { issues: [{ field: 'email' }] } });
  });

  it('ends two first sign-ins of one person at once with one user and one member', async () => {
    const org = await createOrganization(quire);
    const address = email();
    const input = {
      organizationId: org.organization.id,
      provider: saml({ defaultRole: 'comment' }),
      email: address,
    };
    const [first, second] = await Promise.all([
      provisionSsoMember(quire.services, input),
      provisionSsoMember(quire.services, input),
    ]);
    expect(first.user.id).toBe(second.user.id);
    expect([first.memberCreated, second.memberCreated].filter(Boolean)).toHaveLength(1);
    const memberships = await quire.services.repos.members.countMembershipsOfUser(first.user.id);
    expect(memberships).toBe(1);
    expect(await quire.services.repos.members.find(org.organization.id, first.user.id)).toMatchObject({
      role: 'comment',
    });
  });
});
