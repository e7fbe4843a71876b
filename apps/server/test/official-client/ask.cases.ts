/**
 * The official client asks questions (issue 32, item 4): an organization's answer, its
 * stream, its suggested questions and their stream, and a site's streamed answer, against a
 * server whose AI provider is a fake on loopback. Streams are checked event by event against
 * the document's event schemas. The client's document (0.130.0) requires a `pages` field of
 * `SearchAIAnswer` that it never defines and that 0.202.0 no longer has: that one mismatch
 * is stated exactly, and the answers conform to 0.202.0 (`mismatches0202`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventsOf,
  type FakeChatProvider,
  fakeProviderEnv,
  startFakeChatProvider,
} from '../ask/fake-chat-provider';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { documentMismatches, type Exchange, expectConforms, officialClient } from './official-client';
import { validateAgainst } from './openapi-spec';
import { mismatches0202 } from './openapi-spec-0202';

/** The one field 0.130.0 requires of an answer and never defines. */
const PAGES_REQUIRED = /pages/;

describe('ask', () => {
  let fake: FakeChatProvider;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeChatProvider();
    fake.answer = () => ({ parts: ['Run the ', 'installer [1].'] });
    server = await startTestServer(fakeProviderEnv(fake));
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("answers a question from an organization's content, whole and streamed, and suggests none", async () => {
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const space = await client.api.orgs.createSpace(organization.id, { title: 'Guides' });
    const edited = await server.api(`/v1/spaces/${space.data.id}/content`, {
      method: 'POST',
      token: admin.token,
      body: {
        changes: [
          { operation: 'insert_page', title: 'Install', document: { markdown: 'Run the installer.' } },
        ],
      },
    });
    expect(edited.status).toBe(200);

    const asked = await client.api.orgs.askInOrganization(organization.id, { query: 'installer' });
    const mismatches = documentMismatches(client.last(), 'askInOrganization', 200);
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]).toMatch(PAGES_REQUIRED);
    expect(mismatches0202('askInOrganization', 200, asked.data)).toEqual([]);
    expect(asked.data.answer?.sources).toHaveLength(1);

    const streamed: unknown[] = [];
    for await (const event of client.api.orgs.streamAskInOrganization(organization.id, {
      query: 'installer',
    }))
      streamed.push(event);
    expect(client.last().contentType).toMatch(/^text\/event-stream/);
    expectStreamOf(client.last().body, streamed);
    const streamExchange = eventsChecked(client.last());
    expectConforms(streamExchange, 'streamAskInOrganization', 200);

    const questions = await client.api.orgs.getRecommendedQuestionsInOrganization(organization.id);
    expectConforms(client.last(), 'getRecommendedQuestionsInOrganization', 200);
    expect(questions.data).toEqual({ questions: [] });
    const suggested: unknown[] = [];
    for await (const event of client.api.orgs.streamRecommendedQuestionsInOrganization(organization.id))
      suggested.push(event);
    expectConforms(client.last(), 'streamRecommendedQuestionsInOrganization', 200);
    expect(suggested).toEqual([]);
  });

  it("streams a site's answer", async () => {
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const space = await client.api.orgs.createSpace(organization.id, { title: 'Guides' });
    await server.api(`/v1/spaces/${space.data.id}/content`, {
      method: 'POST',
      token: admin.token,
      body: {
        changes: [
          { operation: 'insert_page', title: 'Install', document: { markdown: 'Run the installer.' } },
        ],
      },
    });
    const site = await client.api.orgs.createSite(organization.id, {
      title: 'Docs',
      spaces: [space.data.id],
    });
    // AI on, so that the site answers questions (`ai.mode`; `none` by default).
    const sitePath = `/v1/orgs/${organization.id}/sites/${site.data.id}`;
    const customization = await server.api(`${sitePath}/customization`, { token: admin.token });
    const saved = await server.api(`${sitePath}/customization`, {
      method: 'PUT',
      token: admin.token,
      body: { ...customization.body, ai: { mode: 'search' } },
    });
    expect(saved.status).toBe(200);
    const streamed: unknown[] = [];
    for await (const event of client.api.orgs.streamAskInSite(organization.id, site.data.id, {
      question: 'installer',
      scope: { mode: 'default' },
    }))
      streamed.push(event);
    expectStreamOf(client.last().body, streamed);
    const siteExchange = eventsChecked(client.last());
    expectConforms(siteExchange, 'streamAskInSite', 200);
  });
});

/** The exchange with its events set aside once `expectStreamOf` checked them (the document describes no JSON body). */
const eventsChecked = (exchange: Exchange): Exchange => ({ ...exchange, body: undefined });

/**
 * The stream's events, as the client read them, are those sent, each GitBook's
 * `SearchAIAnswerStream` (but for 0.130.0's `pages`), the last one's answer 0.202.0's.
 */
function expectStreamOf(body: unknown, read: unknown[]): void {
  const sent = eventsOf(body as string).map((event) => event.data);
  expect(read).toEqual(sent);
  expect(sent.length).toBeGreaterThan(0);
  for (const event of sent) {
    const problems = validateAgainst({ $ref: '#/components/schemas/SearchAIAnswerStream' }, event);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(PAGES_REQUIRED);
  }
  const last = sent.at(-1) as { answer: unknown };
  expect(mismatches0202('askInOrganization', 200, { answer: last.answer })).toEqual([]);
}
