/**
 * The header Ask box's recommended questions through real HTTP (issue 29's known gap): the page
 * holds none (no read per page view), its script asks `<base>~reader/ask` with no question on the
 * box's first focus; that answers the site's stored recommended questions (the `ask.siteQuestions`
 * job's) as JSON, each with the answer page's address, never cached; none on a site that does not
 * answer questions, and a 404 for a visitor the site does not let in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeChatProvider,
  fakeProviderEnv,
  readUntil,
  startFakeChatProvider,
} from '../ask/fake-chat-provider';
import { asksForQuestions, questionsJobEnded } from '../ask/questions-job';
import { startTestServer, type TestServer } from '../support/test-server';
import { getPage, type ReaderFixture, readerFixture } from './reader-fixture';

let server: TestServer;
let fake: FakeChatProvider;
let f: ReaderFixture;
beforeAll(async () => {
  fake = await startFakeChatProvider();
  server = await startTestServer({ ...fakeProviderEnv(fake), QUIRE_AI_TIMEOUT_SECONDS: '5' });
  f = await readerFixture(server);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const offered = async () => {
  const answer = await getPage(server, `${f.base}~reader/ask`, { accept: 'application/json' });
  return { ...answer, json: answer.status === 200 ? JSON.parse(answer.body) : undefined };
};

describe("the header Ask box's recommended questions", () => {
  it('are fetched by the box on opening, from the stored questions, only where the site answers questions', async () => {
    fake.answer = (call) =>
      asksForQuestions(call)
        ? { parts: ['["How do I install it?", "What is a <b>block</b>?"]'] }
        : { parts: ['Nothing to say.'] };
    // AI off: no box, and nothing offered (no job enqueued, no model call).
    expect((await getPage(server, f.base)).body).not.toContain('name="ask"');
    const before = fake.calls.length;
    const off = await offered();
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ questions: [] });
    expect(fake.calls.length).toBe(before);

    const current = await f.admin('GET', `${f.site}/customization`);
    await f.admin('PUT', `${f.site}/customization`, { ...current, ai: { mode: 'search' } });
    const page = await getPage(server, f.base);
    // The box and where its script asks; the questions are not in the page (read on opening only).
    expect(page.body).toContain(`data-ask-stream="${f.base}~reader/ask"`);
    expect(page.body).not.toContain('How do I install it?');

    // The first reader to open it enqueues the job (none yet); then they are offered.
    expect((await offered()).json).toEqual({ questions: [] });
    expect((await questionsJobEnded(server, f.siteId)).state).toBe('done');
    const on = await offered();
    expect(on.headers['cache-control']).toBe('private, no-store');
    expect(on.headers['x-robots-tag']).toBe('noindex');
    expect(on.headers['content-type']).toMatch(/^application\/json/);
    expect(on.json).toEqual({
      questions: [
        { question: 'How do I install it?', href: `${f.base}?ask=How%20do%20I%20install%20it%3F` },
        {
          question: 'What is a <b>block</b>?',
          href: `${f.base}?ask=What%20is%20a%20%3Cb%3Eblock%3C%2Fb%3E%3F`,
        },
      ],
    });
    // Each address is the answer page asking it, without script.
    const asked = await getPage(server, on.json.questions[0].href);
    expect(asked.status).toBe(200);
    expect(asked.body).toContain('<q>How do I install it?</q>');
    expect(fake.calls.filter(asksForQuestions)).toHaveLength(1);

    // A visitor the site does not let in gets the same 404 as for its pages.
    await f.admin('PATCH', f.site, { visibility: 'share-link' });
    try {
      expect((await offered()).status).toBe(404);
    } finally {
      await f.admin('PATCH', f.site, { visibility: 'public' });
    }
  });
});

describe("the Ask box's streamed answer", () => {
  it("stops the provider's answer as soon as the reader leaves, while the provider is silent", async () => {
    const current = await f.admin('GET', `${f.site}/customization`);
    await f.admin('PUT', `${f.site}/customization`, { ...current, ai: { mode: 'search' } });
    fake.answer = (call) =>
      asksForQuestions(call)
        ? { parts: ['[]'] }
        : { parts: [`${'Install it from the package. '.repeat(8)}[1]`], hold: true };
    const leaving = new AbortController();
    const response = await fetch(
      `${server.url}${f.base}~reader/ask?ask=${encodeURIComponent('How do I install it?')}`,
      {
        headers: { accept: 'text/event-stream' },
        signal: leaving.signal,
      },
    );
    expect(response.status).toBe(200);
    await readUntil(
      (response.body as ReadableStream<Uint8Array>).getReader(),
      'Install it from the package.',
    );
    expect(fake.open()).toBe(1);
    leaving.abort();
    // Within 2 s, well before the provider's 5 s deadline, which ended it before.
    for (let attempt = 0; fake.open() > 0 && attempt < 80; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(fake.open()).toBe(0);
  });
});
