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
  it('creates users for unknown addresses and makes them members with the role', async () => {
    const { organization, admin } = await createOrganization(server);
    const tag = unique();
    const response = await invite(organization.id, admin.token, {
      emails: [`Ann.${tag}@Example.TEST`, `bob.${tag}@example.test`],
      role: 'edit',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.invited).toBe(2);
    expect(response.body.users).toHaveLength(2);
    const [annId, bobId] = response.body.users;
    const ann = await member(organization.id, annId, admin.token);
    expect(ann.body).toMatchObject({
      role: 'edit',
      user: { id: annId, email: `ann.${tag}@example.test`, displayName: `ann.${tag}` },
    });
    expect((await member(organization.id, bobId, admin.token)).body.role).toBe('edit');
    const list = await server.api(`/v1/orgs/${organization.id}/members`, { token: admin.token });
    expect(list.body.count).toBe(3);
    const stored = await server.services.repos.organizations.findById(organization.id);
    expect(stored).toMatchObject({ memberCount: 3, adminCount: 1 });
  });

  it('adds existing users, leaves members as they are, and takes per-address roles', async () => {
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
    const [existingId, alreadyId, carolId, danId, adminId] = response.body.users;
    expect(response.body.users).toHaveLength(5);
    expect(existingId).toBe(existing.user.id);
    expect(alreadyId).toBe(already.user.id);
    expect(adminId).toBe(admin.user.id);
    expect((await member(organization.id, existingId, admin.token)).body.role).toBe('create');
    expect((await member(organization.id, alreadyId, admin.token)).body.role).toBe('review');
    expect((await member(organization.id, carolId, admin.token)).body.role).toBeNull();
    expect((await member(organization.id, danId, admin.token)).body.role).toBe('comment');
    expect((await member(organization.id, adminId, admin.token)).body.role).toBe('admin');
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
    const invited = await member(organization.id, response.body.users[0], admin.token);
    expect(invited.body).toMatchObject({ role: 'comment', sso: true });
  });

  it('is forbidden below admin and not found outside; nothing is created', async () => {
    const { organization, admin } = await createOrganization(server);
    const creator = await addMember(server, organization.id, 'create');
    const outsider = await createOrganization(server);
    const email = `mallory.${unique()}@example.test`;
    expectError(await invite(organization.id, creator.token, { emails: [email], role: 'admin' }), 403);
    expectError(await invite(organization.id, outsider.admin.token, { emails: [email] }), 404);
    expect(await server.services.repos.users.findByEmail(email)).toBeNull();
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
