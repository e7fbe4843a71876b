import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /v1/user', () => {
  it('answers 401 to an unknown token, and to a malformed Authorization header', async () => {
    expect((await server.api('/v1/user', { token: 'quire_not-a-real-token' })).status).toBe(401);
    const { token } = await createUser(server);
    const basic = await server.api('/v1/user', { headers: { authorization: `Basic ${token}` } });
    expect(basic.status).toBe(401);
  });

  it("returns the caller as GitBook's User", async () => {
    const { user, token } = await createUser(server, {
      displayName: 'Ada Lovelace',
      email: 'Ada@Example.TEST',
    });
    const response = await server.api('/v1/user', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      object: 'user',
      id: user.id,
      displayName: 'Ada Lovelace',
      email: 'ada@example.test',
      urls: { location: `http://quire.test/v1/users/${user.id}` },
    });
  });

  it('accepts the token whatever the case of "Bearer"', async () => {
    const { user, token } = await createUser(server);
    const response = await server.api('/v1/user', { headers: { authorization: `bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(user.id);
  });

  it('refuses unknown query parameters, naming them', async () => {
    const { token } = await createUser(server);
    const response = await server.api('/v1/user?foo=1', { token });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('foo');
  });
});
