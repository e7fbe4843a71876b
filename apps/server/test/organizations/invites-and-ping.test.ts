import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../support/expectations';
import { addMember, createOrganization, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const invite = (orgId: string, token: string | undefined, body: unknown) =>
  server.api(`/v1/orgs/${orgId}/invites`, { method: 'POST', token, body });
const member = (orgId: string, userId: string, token: string) =>
  server.api(`/v1/orgs/${orgId}/members/${userId}`, { token });

describe('POST ORG/invites', () => {
  it('makes pending invitations for unknown addresses, with the role, and no member yet', async () => {
    const { organization, admin } = await createOrganization(server);
    const tag = unique();
    const response = await invite(organization.id, admin.token, {
      emails: [`Ann.${tag}@Example.TEST`, `bob.${tag}@example.test`],
      role: 'edit',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.invited).toBe(2);
    expect(response.body.users).toEqual([]);
    expect(response.body.invitations.map((i: { email: string; role: string }) => [i.email, i.role])).toEqual([
      [`ann.${tag}@example.test`, 'edit'],
      [`bob.${tag}@example.test`, 'edit'],
    ]);
    // Members only once they accept (test/mail/invitations-and-resets.test.ts).
    expect(await server.services.repos.users.findByEmail(`ann.${tag}@example.test`)).toBeNull();
    const list = await server.api(`/v1/orgs/${organization.id}/members`, { token: admin.token });
    expect(list.body.count).toBe(1);
    const stored = await server.services.repos.organizations.findById(organization.id);
    expect(stored).toMatchObject({ memberCount: 1, adminCount: 1 });
  });

  it('invites existing users, leaves members as they are, and takes per-address roles', async () => {
    const { organization, admin } = await createOrganization(server);
    const existing = await createUser(server);
    const already = await addMember(server, organization.id, 'review');
    const tag = unique();
    const response = await invite(organization.id, admin.token, {
      emails: [
        existing.user.email.toUpperCase(),
        already.user.email,
        { email: `carol.${tag}@example.test`, role: null },
        { email: `dan.${tag}@example.test`, role: 'comment' },
        admin.user.email,
        existing.user.email,
      ],
      role: 'create',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.invited).toBe(3);
    // The users the addresses already belong to, in order: the existing one, the members.
    expect(response.body.users).toEqual([existing.user.id, already.user.id, admin.user.id]);
    expect(
      response.body.invitations.map((i: { email: string; role: string | null }) => [i.email, i.role]),
    ).toEqual([
      [existing.user.email, 'create'],
      [`carol.${tag}@example.test`, null],
      [`dan.${tag}@example.test`, 'comment'],
    ]);
    expect((await member(organization.id, already.user.id, admin.token)).body.role).toBe('review');
    expect((await member(organization.id, admin.user.id, admin.token)).body.role).toBe('admin');
    expect(await server.services.repos.members.find(organization.id, existing.user.id)).toBeNull();
  });

  it("gives the organization's default role when the body has none", async () => {
    const { organization, admin } = await createOrganization(server);
    await server.api(`/v1/orgs/${organization.id}`, {
      method: 'PATCH',
      token: admin.token,
      body: { defaultRole: 'comment' },
    });
    const response = await invite(organization.id, admin.token, {
      emails: [`eve.${unique()}@example.test`],
      sso: true,
    });
    expect(response.status).toBe(200);
    expect(response.body.invitations[0]).toMatchObject({ role: 'comment', sso: true });
  });

  it('is forbidden below admin and not found outside; nothing is created', async () => {
    const { organization, admin } = await createOrganization(server);
    const creator = await addMember(server, organization.id, 'create');
    const outsider = await createOrganization(server);
    const email = `mallory.${unique()}@example.test`;
    expectError(await invite(organization.id, creator.token, { emails: [email], role: 'admin' }), 403);
    expectError(await invite(organization.id, outsider.admin.token, { emails: [email] }), 404);
    expect(await server.services.repos.users.findByEmail(email)).toBeNull();
    expect(await server.services.repos.invitations.count(organization.id)).toBe(0);
    const list = await server.api(`/v1/orgs/${organization.id}/members`, { token: admin.token });
    expect(list.body.count).toBe(2);
  });

  it('refuses bad input, naming the field, and creates nobody', async () => {
    const { organization, admin } = await createOrganization(server);
    const good = `frank.${unique()}@example.test`;
    expectFieldError(
      await invite(organization.id, admin.token, { emails: [good, 'not-an-email'] }),
      'emails.1',
    );
    expectFieldError(await invite(organization.id, admin.token, { emails: [] }), 'emails');
    expectFieldError(await invite(organization.id, admin.token, {}), 'emails');
    expectFieldError(await invite(organization.id, admin.token, { emails: [good], role: 'owner' }), 'role');
    // The object form names each of its fields: here the role it lacks.
    expectFieldError(
      await invite(organization.id, admin.token, { emails: [{ email: good }] }),
      'emails.0.role',
    );
    expectFieldError(await invite(organization.id, admin.token, { emails: [good], teams: [] }), 'teams');
    const many = Array.from({ length: 101 }, (_, i) => `p${i}.${unique()}@example.test`);
    expectFieldError(await invite(organization.id, admin.token, { emails: many }), 'emails');
    expect(await server.services.repos.users.findByEmail(good)).toBeNull();
    expect(await server.services.repos.invitations.count(organization.id)).toBe(0);
  });
});

describe('POST ORG/ping', () => {
  const ping = (orgId: string, token: string | undefined) =>
    server.api(`/v1/orgs/${orgId}/ping`, { method: 'POST', token });

  it("records the caller's last activity and returns their visitor claims as a JWT", async () => {
    const { organization, admin } = await createOrganization(server);
    const reader = await addMember(server, organization.id, 'read');
    server.clock.advance(5_000);
    const response = await ping(organization.id, reader.token);
    expect(response.status).toBe(200);
    expect(typeof response.body.docsVisitorClaims).toBe('string');
    expect(response.body.gitbookVisitorClaims).toBe(response.body.docsVisitorClaims);
    const claims = decodeJwt(response.body.docsVisitorClaims);
    expect(claims).toMatchObject({
      userId: reader.user.id,
      organizationId: organization.id,
      role: 'read',
      email: reader.user.email,
      displayName: reader.user.displayName,
      iss: 'http://quire.test',
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    const seen = await member(organization.id, reader.user.id, admin.token);
    expect(seen.body.lastSeenAt).toBe(server.clock.now().toISOString());
  });

  it('records a guest’s activity but gives them no visitor claims: guests see no site, so the token would open nothing', async () => {
    const { organization, admin } = await createOrganization(server);
    const guest = await addMember(server, organization.id, null);
    server.clock.advance(5_000);
    const response = await ping(organization.id, guest.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
    const seen = await member(organization.id, guest.user.id, admin.token);
    expect(seen.body.lastSeenAt).toBe(server.clock.now().toISOString());
  });

  it('is not found for a member of another organization, and takes no body fields', async () => {
    const { organization, admin } = await createOrganization(server);
    const outsider = await createOrganization(server);
    expectError(await ping(organization.id, outsider.admin.token), 404);
    const withBody = await server.api(`/v1/orgs/${organization.id}/ping`, {
      method: 'POST',
      token: admin.token,
      body: { at: 'now' },
    });
    expectFieldError(withBody, 'at');
    const unseen = await member(organization.id, admin.user.id, admin.token);
    expect(unseen.body.lastSeenAt).toBeUndefined();
  });
});
