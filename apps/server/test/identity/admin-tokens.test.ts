import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { isInstanceAdmin: true });
});
afterAll(() => server.close());

const issue = (userId: string, name = 'ci') =>
  server.api(`/admin/users/${userId}/tokens`, { method: 'POST', token: admin.token, body: { name } });

describe('POST /admin/users/{userId}/tokens', () => {
  it('is refused to a user who is not an instance administrator, and issues nothing', async () => {
    const someone = await createUser(server);
    const response = await server.api(`/admin/users/${someone.user.id}/tokens`, {
      method: 'POST',
      token: someone.token,
      body: { name: 'mine' },
    });
    expect(response.status).toBe(403);
    expect(await server.services.repos.apiTokens.countByUser(someone.user.id)).toBe(1);
  });

  it('issues a token shown once, which then authenticates as the user', async () => {
    const someone = await createUser(server, { displayName: 'Token Holder' });
    const response = await issue(someone.user.id, 'deploy');
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      object: 'api-token',
      id: expect.any(String),
      user: someone.user.id,
      name: 'deploy',
      preview: response.body.token.slice(0, 10),
      createdAt: server.clock.now().toISOString(),
      token: expect.stringMatching(/^quire_[A-Za-z0-9_-]{40,}$/),
      urls: { location: `http://quire.test/admin/users/${someone.user.id}/tokens/${response.body.id}` },
    });
    const me = await server.api('/v1/user', { token: response.body.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(someone.user.id);

    const stored = await server.services.repos.apiTokens.findById(response.body.id);
    expect(JSON.stringify(stored)).not.toContain(response.body.token);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await issue('unknown-user')).status).toBe(404);
  });

  it.each([
    ['a missing name', {}, 'name'],
    ['an empty name', { name: '' }, 'name'],
    ['a name over 64 characters', { name: 'n'.repeat(65) }, 'name'],
    ['an unknown field', { name: 'ok', scopes: ['all'] }, 'scopes'],
  ])('answers 400 naming the field for %s, and issues nothing', async (_label, body, field) => {
    const someone = await createUser(server);
    const response = await server.api(`/admin/users/${someone.user.id}/tokens`, {
      method: 'POST',
      token: admin.token,
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain(field);
    expect(await server.services.repos.apiTokens.countByUser(someone.user.id)).toBe(1);
  });
});

describe('GET /admin/users/{userId}/tokens', () => {
  it('is refused to a user who is not an instance administrator', async () => {
    const someone = await createUser(server);
    expect(
      (await server.api(`/admin/users/${someone.user.id}/tokens`, { token: someone.token })).status,
    ).toBe(403);
  });

  it('lists the tokens of the user without their secrets', async () => {
    const someone = await createUser(server);
    const issued = await issue(someone.user.id, 'second');
    const response = await server.api(`/admin/users/${someone.user.id}/tokens`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(2);
    expect(response.body.items.map((t: { name: string }) => t.name)).toEqual(['test', 'second']);
    const text = JSON.stringify(response.body);
    expect(text).not.toContain(issued.body.token);
    expect(text).not.toContain(someone.token);
    expect(text).not.toContain('tokenHash');
    for (const item of response.body.items) expect(item).not.toHaveProperty('token');
  });

  it('answers 404 for an unknown user', async () => {
    expect((await server.api('/admin/users/unknown-user/tokens', { token: admin.token })).status).toBe(404);
  });
});

describe('DELETE /admin/users/{userId}/tokens/{tokenId}', () => {
  it('is refused to a user who is not an instance administrator, and revokes nothing', async () => {
    const someone = await createUser(server);
    const issued = await issue(someone.user.id);
    const response = await server.api(`/admin/users/${someone.user.id}/tokens/${issued.body.id}`, {
      method: 'DELETE',
      token: someone.token,
    });
    expect(response.status).toBe(403);
    expect((await server.api('/v1/user', { token: issued.body.token })).status).toBe(200);
  });

  it('revokes the token: 204, then 401 with it, and the list shows when', async () => {
    const someone = await createUser(server);
    const issued = await issue(someone.user.id);
    expect((await server.api('/v1/user', { token: issued.body.token })).status).toBe(200);

    const path = `/admin/users/${someone.user.id}/tokens/${issued.body.id}`;
    const response = await server.api(path, { method: 'DELETE', token: admin.token });
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect((await server.api('/v1/user', { token: issued.body.token })).status).toBe(401);
    // The user's other token still works.
    expect((await server.api('/v1/user', { token: someone.token })).status).toBe(200);

    const detail = await server.api(path, { token: admin.token });
    expect(detail.body.revokedAt).toBe(server.clock.now().toISOString());
  });

  it('is idempotent: 204 again, for unknown tokens, and for a token of another user (which stays valid)', async () => {
    const someone = await createUser(server);
    const other = await createUser(server);
    const issued = await issue(someone.user.id);
    const path = `/admin/users/${someone.user.id}/tokens/${issued.body.id}`;
    expect((await server.api(path, { method: 'DELETE', token: admin.token })).status).toBe(204);
    const firstRevocation = (await server.api(path, { token: admin.token })).body.revokedAt;
    server.clock.advance(5_000);
    expect((await server.api(path, { method: 'DELETE', token: admin.token })).status).toBe(204);
    expect((await server.api(path, { token: admin.token })).body.revokedAt).toBe(firstRevocation);

    const unknown = `/admin/users/${someone.user.id}/tokens/no-such-token`;
    expect((await server.api(unknown, { method: 'DELETE', token: admin.token })).status).toBe(204);

    const otherTokenId = (await issue(other.user.id)).body.id;
    const mismatched = `/admin/users/${someone.user.id}/tokens/${otherTokenId}`;
    expect((await server.api(mismatched, { method: 'DELETE', token: admin.token })).status).toBe(204);
    const otherToken = await server.services.repos.apiTokens.findById(otherTokenId);
    expect(otherToken?.revokedAt).toBeUndefined();
  });
});

describe('token bookkeeping', () => {
  it('records lastUsedAt at most once a minute', async () => {
    const someone = await createUser(server);
    const issued = await issue(someone.user.id);
    const path = `/admin/users/${someone.user.id}/tokens/${issued.body.id}`;
    expect((await server.api(path, { token: admin.token })).body.lastUsedAt).toBeUndefined();

    const first = server.clock.now().toISOString();
    await server.api('/v1/user', { token: issued.body.token });
    expect((await server.api(path, { token: admin.token })).body.lastUsedAt).toBe(first);

    server.clock.advance(30_000);
    await server.api('/v1/user', { token: issued.body.token });
    expect((await server.api(path, { token: admin.token })).body.lastUsedAt).toBe(first);

    server.clock.advance(31_000);
    await server.api('/v1/user', { token: issued.body.token });
    expect((await server.api(path, { token: admin.token })).body.lastUsedAt).toBe(
      server.clock.now().toISOString(),
    );
  });
});
