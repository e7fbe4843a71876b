import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /v1/user/tokens', () => {
  it("lists the caller's own tokens only, without secrets", async () => {
    const me = await createUser(server);
    await createUser(server);
    const response = await server.api('/v1/user/tokens', { token: me.token });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(1);
    expect(response.body.items[0]).toMatchObject({ object: 'api-token', user: me.user.id, name: 'test' });
    expect(JSON.stringify(response.body)).not.toContain(me.token);
  });
});

describe('DELETE /v1/user/tokens/{tokenId}', () => {
  it("revokes the caller's own token", async () => {
    const me = await createUser(server);
    const tokenId = (await server.api('/v1/user/tokens', { token: me.token })).body.items[0].id;
    const response = await server.api(`/v1/user/tokens/${tokenId}`, { method: 'DELETE', token: me.token });
    expect(response.status).toBe(204);
    expect((await server.api('/v1/user', { token: me.token })).status).toBe(401);
  });

  it("answers 204 to someone else's token and leaves it valid", async () => {
    const me = await createUser(server);
    const other = await createUser(server);
    const otherTokenId = (await server.api('/v1/user/tokens', { token: other.token })).body.items[0].id;
    const response = await server.api(`/v1/user/tokens/${otherTokenId}`, {
      method: 'DELETE',
      token: me.token,
    });
    expect(response.status).toBe(204);
    expect((await server.api('/v1/user', { token: other.token })).status).toBe(200);
  });
});
