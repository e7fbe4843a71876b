/**
 * Just-in-time provisioning (`provisionSsoMember`) on the domain, for what the sign-in tests
 * through HTTP do not reach: a disabled member, a guest role, a default team deleted since,
 * an email that is no address, and two first sign-ins of one person at once.
 */
import {
  type DomainError,
  operations,
  provisionSsoMember,
  SSO_ACCOUNT_NOT_MEMBER,
  type SsoProviderGrant,
} from '@quire/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser } from '../support/factories';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

let quire: QuireUnderTest;
beforeAll(async () => {
  quire = await openTestDomain();
});

const saml = (grant: Partial<SsoProviderGrant> = {}): SsoProviderGrant => ({
  kind: 'saml',
  id: 'provider',
  defaultRole: 'read',
  ...grant,
});
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
