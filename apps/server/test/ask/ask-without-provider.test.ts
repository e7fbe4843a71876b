/**
 * Asking on a server with no AI provider (issue 32, item 4): a 400 in GitBook's error shape
 * saying which variables to set, after the asker's rights are checked (who may not see the
 * organization or the site still gets its 404) and before anything is searched; the
 * recommended questions are an empty list, as without a provider they always were.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { expectError } from '../support/expectations';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let org: TestOrganization;
let orgPath: string;
let sitePath: string;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  orgPath = `/v1/orgs/${org.organization.id}`;
  const space = await createSpace(server, org, { title: 'Guide' });
  const site = await server.api(`${orgPath}/sites`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Docs' },
  });
  sitePath = `${orgPath}/sites/${site.body.id}`;
  await server.api(`${sitePath}/sections`, {
    method: 'POST',
    token: org.admin.token,
    body: { spaceId: space.id },
  });
});
afterAll(() => server.close());

it('says no provider is configured (400) on every ask, naming the variables to set', async () => {
  const asks = [
    await server.api(`${orgPath}/ask`, {
      method: 'POST',
      token: org.admin.token,
      body: { query: 'install' },
    }),
    await server.api(`${orgPath}/ask/stream?query=install`, { token: org.admin.token }),
    await server.api(`${sitePath}/ask`, {
      method: 'POST',
      token: org.admin.token,
      body: { question: 'install', scope: { mode: 'default' } },
    }),
  ];
  for (const asked of asks) {
    expectError(asked, 400);
    expect(asked.body.error.message).toMatch(/No AI provider is configured.*QUIRE_AI_URL.*QUIRE_AI_MODEL/);
  }
});

it('still hides the organization and the site (404) from who may not see them', async () => {
  const stranger = await createOrganization(server);
  expectError(
    await server.api(`${orgPath}/ask`, {
      method: 'POST',
      token: stranger.admin.token,
      body: { query: 'install' },
    }),
    404,
  );
  expectError(
    await server.api(`${sitePath}/ask`, {
      method: 'POST',
      token: null,
      body: { question: 'install', scope: { mode: 'default' } },
    }),
    404,
  );
});

it('suggests no questions: an empty list, and an empty stream', async () => {
  const listed = await server.api(`${orgPath}/ask/questions`, { token: org.admin.token });
  expect(listed.status).toBe(200);
  expect(listed.body).toEqual({ questions: [] });
  const streamed = await server.api(`${orgPath}/ask/questions/stream`, { token: org.admin.token });
  expect(streamed.status).toBe(200);
  expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(streamed.body).toBeUndefined();
});
