/**
 * A translation run against an OpenAI-compatible fake provider over HTTP: the translation's
 * instructions reach the model as guidance in its system message (as markdown), the key as a
 * bearer token, and the run's pages come back translated. The server runs its own worker.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  type FakeProvider,
  openAiEcho,
  startFakeProvider,
} from '../translations-providers/fake-provider-server';

let fake: FakeProvider;
let server: TestServer;
let org: TestOrganization;

beforeAll(async () => {
  fake = await startFakeProvider((call) => openAiEcho(call));
  server = await startTestServer({
    QUIRE_TRANSLATE_PROVIDER: 'openai',
    QUIRE_TRANSLATE_URL: fake.url,
    QUIRE_TRANSLATE_MODEL: 'translator-1',
    QUIRE_TRANSLATE_API_KEY: 'sk-test-0123456789',
    QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
  });
  org = await createOrganization(server);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const call = (method: string, path: string, body?: unknown) =>
  server.api(
    path,
    body === undefined ? { method, token: org.admin.token } : { method, token: org.admin.token, body },
  );

/** The translation once its run ended (polled: the server's own worker runs it). */
async function ended(location: string) {
  for (let tries = 0; tries < 400; tries++) {
    const current = (await call('GET', location)).body;
    if (current.status === 'completed' || current.status === 'failed') return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the run did not end in 20 s');
}

it('sends the instructions to the model as guidance and writes its translations', async () => {
  const space = (await call('POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Guide' })).body.id;
  const edited = await call('POST', `/v1/spaces/${space}/content`, {
    changes: [{ operation: 'insert_page', title: 'Welcome', document: { markdown: 'Read **this** first.' } }],
  });
  expect(edited.status).toBe(200);
  const created = await call('POST', `/v1/orgs/${org.organization.id}/translations`, {
    language: 'fr',
    source: { space, language: 'en' },
    instructions: {
      object: 'document',
      data: { schemaVersion: 1 },
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          nodes: [
            { object: 'text', leaves: [{ object: 'leaf', text: 'Use the formal "vous".', marks: [] }] },
          ],
        },
      ],
    },
  });
  const location = `/v1/orgs/${org.organization.id}/translations/${created.body.id}`;
  expect((await call('POST', `${location}/run`)).status).toBe(204);
  const translation = await ended(location);

  expect(translation).toMatchObject({ status: 'completed', stats: { runs: 1, latestPages: 1 } });
  expect(fake.calls).toHaveLength(1);
  const [request] = fake.calls;
  expect(request?.path).toBe('/v1/chat/completions');
  expect(request?.headers.authorization).toBe('Bearer sk-test-0123456789');
  expect(request?.body.model).toBe('translator-1');
  expect(request?.body.messages?.[0]?.content).toContain('Use the formal "vous".');
  expect(JSON.parse(request?.body.messages?.[1]?.content ?? '[]')).toEqual([
    'Welcome',
    'Read <b>this</b> first.',
  ]);

  const [page] = (await call('GET', `/v1/spaces/${translation.result.space}/content/pages`)).body.pages;
  expect(page.title).toBe('[fr] Welcome');
  const body = await call(
    'GET',
    `/v1/spaces/${translation.result.space}/content/page/${page.id}?format=markdown`,
  );
  expect(body.body.markdown).toBe('\\[fr] Read **this** first.\n');
});
