import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: TestUser;
let unique = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}-${++unique}@example.test`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { isInstanceAdmin: true });
});
afterAll(() => server.close());

describe('POST /admin/users', () => {
  it('is refused to a user who is not an instance administrator, and creates nothing', async () => {
    const someone = await createUser(server);
    const address = email('refused');
    const response = await server.api('/admin/users', {
      method: 'POST',
      token: someone.token,
      body: { displayName: 'Refused', email: address },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe(403);
    expect(await server.services.repos.users.findByEmail(address)).toBeNull();
  });

  it('creates a user (email lower-cased) and answers 201 with the AdminUser', async () => {
    const address = email('Grace');
    const response = await server.api('/admin/users', {
      method: 'POST',
      token: admin.token,
      body: { displayName: 'Grace Hopper', email: address.toUpperCase() },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      object: 'user',
      id: expect.any(String),
      displayName: 'Grace Hopper',
      email: address.toLowerCase(),
      isInstanceAdmin: false,
      createdAt: server.clock.now().toISOString(),
      urls: { location: `http://quire.test/admin/users/${response.body.id}` },
    });
  });

  it('creates instance administrators when asked', async () => {
    const response = await server.api('/admin/users', {
      method: 'POST',
      token: admin.token,
      body: { displayName: 'Second Admin', email: email('admin'), isInstanceAdmin: true },
    });
    expect(response.status).toBe(201);
    expect(response.body.isInstanceAdmin).toBe(true);
  });

  it('answers 409 to an email already taken, whatever its case', async () => {
    const address = email('taken');
    const first = await server.api('/admin/users', {
      method: 'POST',
      token: admin.token,
      body: { displayName: 'First', email: address },
    });
    expect(first.status).toBe(201);
    const second = await server.api('/admin/users', {
      method: 'POST',
      token: admin.token,
      body: { displayName: 'Second', email: address.toUpperCase() },
    });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe(409);
    expect((await server.services.repos.users.findByEmail(address))?.displayName).toBe('First');
  });

  it.each([
    ['a missing email', { displayName: 'No Email' }, 'email'],
    ['an invalid email', { displayName: 'Bad', email: 'not-an-email' }, 'email'],
    ['an empty display name', { displayName: '', email: 'empty@example.test' }, 'displayName'],
    [
      'a display name over 64 characters',
      { displayName: 'x'.repeat(65), email: 'long@example.test' },
      'displayName',
    ],
    ['a display name of the wrong type', { displayName: 42, email: 'type@example.test' }, 'displayName'],
    [
      'a non-boolean isInstanceAdmin',
      { displayName: 'A', email: 'b@example.test', isInstanceAdmin: 'yes' },
      'isInstanceAdmin',
    ],
    ['an unknown field', { displayName: 'A', email: 'c@example.test', role: 'admin' }, 'role'],
  ])('answers 400 naming the field for %s, and creates nothing', async (_label, body, field) => {
    const before = await server.services.repos.users.count();
    const response = await server.api('/admin/users', { method: 'POST', token: admin.token, body });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(400);
    expect(response.body.error.message).toContain(field);
    expect(await server.services.repos.users.count()).toBe(before);
  });
});

describe('GET /admin/users', () => {
  it('is refused to a user who is not an instance administrator', async () => {
    const someone = await createUser(server);
    expect((await server.api('/admin/users', { token: someone.token })).status).toBe(403);
  });

  it('lists every user oldest first, page by page, without skipping or repeating', async () => {
    for (let i = 0; i < 3; i++) await createUser(server);
    const total = await server.services.repos.users.count();
    const seen: string[] = [];
    let page: string | undefined;
    for (;;) {
      const query = page ? `?limit=2&page=${encodeURIComponent(page)}` : '?limit=2';
      const response = await server.api(`/admin/users${query}`, { token: admin.token });
      expect(response.status).toBe(200);
      expect(response.body.count).toBe(total);
      expect(response.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.items.map((u: { id: string }) => u.id));
      page = response.body.next?.page;
      if (!page) break;
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen[0]).toBe(admin.user.id);
  });

  it('answers 400 to a limit out of range, naming it', async () => {
    const response = await server.api('/admin/users?limit=0', { token: admin.token });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('limit');
  });
});

describe('GET /admin/users/{userId}', () => {
  it('is refused to a user who is not an instance administrator, even about themselves', async () => {
    const someone = await createUser(server);
    expect((await server.api(`/admin/users/${someone.user.id}`, { token: someone.token })).status).toBe(403);
  });

  it('returns the user', async () => {
    const someone = await createUser(server, { displayName: 'Someone' });
    const response = await server.api(`/admin/users/${someone.user.id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ object: 'user', id: someone.user.id, displayName: 'Someone' });
  });

  it('answers 404 for an unknown user', async () => {
    const response = await server.api('/admin/users/nope', { token: admin.token });
    expect(response.status).toBe(404);
  });
});
