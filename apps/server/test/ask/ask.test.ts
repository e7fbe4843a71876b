/**
 * Questions answered from the docs (issue 32, item 4) through real HTTP, against an
 * OpenAI-compatible provider on loopback that streams: the prompt carries only the pages the
 * asker may read (a member without access to a space, an anonymous visitor of a published
 * site, see none of its text), the answer's sources are the pages it cites and they resolve
 * for the asker, REST streams the events as GitBook does while GraphQL and tRPC answer the
 * list, and a provider that fails or hangs is a clear error.
 */
import { type AnswerBudget, operations, setUserPassword } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerBudget } from '../../src/ask/answer-budget';
import { getPage } from '../reader/reader-fixture';
import { TestBrowser } from '../sessions/test-browser';
import { createSpace, grant } from '../support/content';
import { expectError, expectFieldError } from '../support/expectations';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { lookup } from '../url-lookups/url-lookup-support';
import {
  eventsOf,
  type FakeChatProvider,
  fakeProviderEnv,
  readUntil,
  startFakeChatProvider,
} from './fake-chat-provider';
import { asksForQuestions, questionsJobEnded } from './questions-job';

const BROWSER_PASSWORD = 'correct horse battery staple';

let fake: FakeChatProvider;
let server: TestServer;
let org: TestOrganization;
let reader: TestMember;
let guide: { id: string };
let vault: { id: string };
let sitePath: string;
let orgPath: string;

/** The text of the prompt's user message (the passages and the question). */
const promptOf = (call: FakeChatProvider['calls'][number]) =>
  call.body.messages?.find((message) => message.role === 'user')?.content ?? '';

async function writePage(spaceId: string, title: string, markdown: string) {
  const edited = await server.api(`/v1/spaces/${spaceId}/content`, {
    method: 'POST',
    token: org.admin.token,
    body: { changes: [{ operation: 'insert_page', title, document: { markdown } }] },
  });
  expect(edited.status).toBe(200);
}

/** Turns the site's AI on (`search`) or off (`none`), as its customization says. */
async function setSiteAi(mode: 'none' | 'search') {
  const current = await server.api(`${sitePath}/customization`, { token: org.admin.token });
  const saved = await server.api(`${sitePath}/customization`, {
    method: 'PUT',
    token: org.admin.token,
    body: { ...current.body, ai: { mode } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

beforeAll(async () => {
  fake = await startFakeChatProvider();
  server = await startTestServer({
    ...fakeProviderEnv(fake),
    QUIRE_AI_API_KEY: 'sk-ask-0123456789',
    QUIRE_AI_TIMEOUT_SECONDS: '2',
  });
  org = await createOrganization(server);
  orgPath = `/v1/orgs/${org.organization.id}`;
  reader = await addMember(server, org.organization.id, 'read');
  guide = await createSpace(server, org, { title: 'Guide' });
  vault = await createSpace(server, org, { title: 'Vault', defaultLevel: null });
  await writePage(guide.id, 'Launch guide', 'To launch the rocket, run the countdown script from the pad.');
  await writePage(vault.id, 'Launch codes', 'The launch codes are zebra papaya seventeen.');
  const site = await server.api(`${orgPath}/sites`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Docs' },
  });
  sitePath = `${orgPath}/sites/${site.body.id}`;
  await server.api(sitePath, { method: 'PATCH', token: org.admin.token, body: { basename: 'rockets' } });
  await server.api(`${sitePath}/sections`, {
    method: 'POST',
    token: org.admin.token,
    body: { spaceId: guide.id },
  });
  await setSiteAi('search');
  expect((await server.api(`${sitePath}/publish`, { method: 'POST', token: org.admin.token })).status).toBe(
    200,
  );
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const askOrg = (token: string, query: string) =>
  server.api(`${orgPath}/ask`, { method: 'POST', token, body: { query } });

describe('POST ORG/ask', () => {
  it('sends the model only what the asker may read, and cites the pages it used, which resolve', async () => {
    fake.answer = () => ({ parts: ['Run the countdown ', 'script [1].'] });
    const before = fake.calls.length;
    const asked = await askOrg(reader.token, 'How do I launch?');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const prompt = promptOf(fake.calls[before] as FakeChatProvider['calls'][number]);
    expect(prompt).toContain('countdown script');
    expect(prompt).not.toContain('zebra');
    expect(asked.body.answer.answer.markdown).toBe('Run the countdown script [1].');
    expect(asked.body.answer.followupQuestions).toEqual([]);
    const [source, ...more] = asked.body.answer.sources;
    expect(more).toEqual([]);
    expect(source).toMatchObject({ type: 'page', space: guide.id, sections: expect.any(Array) });
    const page = await server.api(`/v1/spaces/${guide.id}/content/page/${source.page}`, {
      token: reader.token,
    });
    expect(page.status).toBe(200);
    expect(page.body.title).toBe('Launch guide');

    // The call itself: the model, streaming, bounded, the key as a bearer token.
    const call = fake.calls[before] as FakeChatProvider['calls'][number];
    expect(call.body).toMatchObject({ model: 'answerer-1', stream: true, max_tokens: 800 });
    expect(call.headers.authorization).toBe('Bearer sk-ask-0123456789');
  });

  it('gives an admin the pages of both spaces, and cites only those the answer names', async () => {
    fake.answer = () => ({ parts: ['The codes are in the vault [2], not [9].'] });
    const before = fake.calls.length;
    const asked = await askOrg(org.admin.token, 'launch');
    expect(asked.status).toBe(200);
    const prompt = promptOf(fake.calls[before] as FakeChatProvider['calls'][number]);
    expect(prompt).toContain('zebra papaya');
    expect(prompt).toContain('countdown script');
    // The one passage cited is the one source, its marker renumbered to it; a marker naming no passage goes.
    expect(asked.body.answer.sources).toHaveLength(1);
    expect([guide.id, vault.id]).toContain(asked.body.answer.sources[0].space);
    expect(asked.body.answer.answer.markdown).toBe('The codes are in the vault [1], not .');
  });

  it('calls no model when nothing the asker may read matches: an answer without text or source', async () => {
    const before = fake.calls.length;
    const asked = await askOrg(reader.token, 'zebra papaya');
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ answer: { followupQuestions: [], sources: [] } });
    expect(fake.calls.length).toBe(before);
  });

  it('answers the same on GraphQL and tRPC, and refuses a bad question (400 naming it)', async () => {
    fake.answer = () => ({ parts: ['Use the pad [1].'] });
    const route = findRoute('POST /v1/orgs/:organizationId/ask');
    if (!route) throw new Error('no route for ask');
    const answers = await callFaces(server, {
      route,
      input: { organizationId: org.organization.id, query: 'countdown' },
      token: reader.token,
    });
    expect(answers.rest.status).toBe(200);
    expect((answers.rest.data as { answer: { answer: { markdown: string } } }).answer.answer.markdown).toBe(
      'Use the pad [1].',
    );
    expect(answers.trpc.data).toEqual(answers.rest.data);
    // GraphQL with the answer's fields selected (the faces' helper selects only the type's name).
    const graphql = await server.api('/graphql', {
      method: 'POST',
      token: reader.token,
      body: {
        query:
          'query($organizationId: String!, $query: String!) { orgsAsk(organizationId: $organizationId, query: $query) ' +
          '{ answer { answer { markdown } followupQuestions sources { type page revision space sections } } } }',
        variables: { organizationId: org.organization.id, query: 'countdown' },
      },
    });
    expect(graphql.status).toBe(200);
    expect(graphql.body.data.orgsAsk).toEqual(answers.rest.data);
    expectFieldError(await askOrg(reader.token, 'x'.repeat(513)), 'query');
    expectFieldError(await askOrg(reader.token, '?!'), 'query');
  });

  it('is hidden (404) from who is not a member, before anything is searched', async () => {
    const stranger = await createOrganization(server);
    const before = fake.calls.length;
    expectError(await askOrg(stranger.admin.token, 'launch'), 404);
    expect(fake.calls.length).toBe(before);
  });

  it("turns a provider's refusal or silence into a 503 saying so, never its key", async () => {
    fake.answer = () => ({ status: 500, text: 'boom' });
    const refused = await askOrg(reader.token, 'countdown');
    expectError(refused, 503);
    expect(refused.body.error.message).toMatch(/AI provider failed.*500/);
    fake.answer = () => 'hang';
    const silent = await askOrg(reader.token, 'countdown');
    expectError(silent, 503);
    expect(silent.body.error.message).toMatch(/did not answer within 2000 ms/);
    expect(JSON.stringify([refused.body, silent.body])).not.toContain('sk-ask');
  });
});

describe('GET ORG/ask/stream and POST SITE/ask', () => {
  it('streams each event as the model writes it, the last one the whole answer', async () => {
    fake.answer = () => ({ parts: ['a'.repeat(130), ' then the countdown [1].'] });
    const streamed = await server.api(`${orgPath}/ask/stream?query=countdown`, {
      token: reader.token,
      headers: { accept: 'text/event-stream' },
    });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = eventsOf(streamed.body);
    expect(events.length).toBe(2);
    const last = events.at(-1)?.data as {
      type: string;
      answer: { answer: { markdown: string }; sources: unknown[] };
    };
    expect(last.type).toBe('answer');
    expect(last.answer.answer.markdown).toBe(`${'a'.repeat(130)} then the countdown [1].`);
    expect(last.answer.sources).toHaveLength(1);
  });

  it("sends the first events before the model's answer ends (a stream, not a wait)", async () => {
    fake.answer = () => ({ parts: ['b'.repeat(200)], hold: true });
    const response = await fetch(`${server.url}${orgPath}/ask/stream?query=countdown`, {
      headers: { authorization: `Bearer ${reader.token}`, accept: 'text/event-stream' },
    });
    expect(response.status).toBe(200);
    const body = (response.body as ReadableStream<Uint8Array>).getReader();
    // Read until the first event is in: the provider holds the rest of its answer meanwhile.
    await readUntil(body, 'b'.repeat(200));
    fake.release();
    let rest = '';
    for (let part = await body.read(); !part.done; part = await body.read())
      rest += new TextDecoder().decode(part.value);
    expect(eventsOf(rest).at(-1)?.event).toBeUndefined();
  });

  it("answers a published site's anonymous visitor from the site's pages only", async () => {
    fake.answer = () => ({ parts: ['From the pad [1].'] });
    const before = fake.calls.length;
    const asked = await server.api(`${sitePath}/ask`, {
      method: 'POST',
      token: null,
      headers: { accept: 'text/event-stream' },
      body: { question: 'launch codes', scope: { mode: 'default' } },
    });
    expect(asked.status, asked.body).toBe(200);
    const prompt = promptOf(fake.calls[before] as FakeChatProvider['calls'][number]);
    expect(prompt).toContain('countdown script');
    expect(prompt).not.toContain('zebra');
    const last = eventsOf(asked.body).at(-1)?.data as { answer: { sources: Array<{ space: string }> } };
    expect(last.answer.sources.map((source) => source.space)).toEqual([guide.id]);
    expectFieldError(
      await server.api(`${sitePath}/ask`, {
        method: 'POST',
        token: null,
        body: { question: 'x', scope: { mode: 'nope' } },
      }),
      'scope',
    );
  });

  it('is a 404 for a site the visitor is not shown, before the model is called', async () => {
    const hidden = await server.api(`${orgPath}/sites`, {
      method: 'POST',
      token: org.admin.token,
      body: { title: 'Vault site' },
    });
    const hiddenPath = `${orgPath}/sites/${hidden.body.id}`;
    await server.api(`${hiddenPath}/sections`, {
      method: 'POST',
      token: org.admin.token,
      body: { spaceId: vault.id },
    });
    const before = fake.calls.length;
    const asked = await server.api(`${hiddenPath}/ask`, {
      method: 'POST',
      token: null,
      body: { question: 'launch codes', scope: { mode: 'default' } },
    });
    expectError(asked, 404);
    expect(fake.calls.length).toBe(before);
  });

  it('asks the provider nothing for a site whose customization has AI off: 400 saying so, and no questions', async () => {
    await setSiteAi('none');
    try {
      const before = fake.calls.length;
      const siteId = sitePath.split('/').at(-1) as string;
      const site = await server.services.repos.sites.findById(siteId);
      for (const token of [null, org.admin.token]) {
        const asked = await server.api(`${sitePath}/ask`, {
          method: 'POST',
          token,
          headers: { accept: 'text/event-stream' },
          body: { question: 'launch', scope: { mode: 'default' } },
        });
        expectError(asked, 400);
        expect(asked.body.error.message).toContain('AI is off');
        const questions = await server.api(`${sitePath}/ask/questions`, {
          token,
          headers: { accept: 'text/event-stream' },
        });
        expect(questions.status).toBe(200);
        expect(eventsOf(questions.body ?? '')).toEqual([]);
      }
      expect((await server.api(`${orgPath}/ask/questions`, { token: reader.token })).body).toEqual({
        questions: [],
      });
      // No job to write the site's questions from its content, and no call of the provider.
      expect(
        await server.services.repos.jobs.findLatestByKey('ask.siteQuestions', `${siteId}@${site?.version}`),
      ).toBe(null);
      expect(fake.calls.length).toBe(before);
    } finally {
      await setSiteAi('search');
    }
  });

  it('names the operations in the API document as event streams', async () => {
    const document = await server.api('/openapi.json');
    const site = document.body.paths['/v1/orgs/{organizationId}/sites/{siteId}/ask'].post;
    expect(site.operationId).toBe(operations.sites.ask.name);
    expect(Object.keys(site.responses['200'].content)).toEqual(['text/event-stream']);
  });
});

describe('recommended questions', () => {
  const siteQuestions = async () => {
    const listed = await server.api(`${sitePath}/ask/questions`, {
      token: null,
      headers: { accept: 'text/event-stream' },
    });
    expect(listed.status).toBe(200);
    return listed.body === undefined ? [] : eventsOf(listed.body).map((event) => event.data);
  };

  it("are written by a job from what the site's anonymous visitor reads, kept per site version", async () => {
    const siteId = sitePath.split('/').at(-1) as string;
    const answers = [
      // A fenced JSON array, with junk around and inside it: kept are the short questions only.
      `Here you go:\n\`\`\`json\n["How do I launch the rocket?", "not a question", 42, "${'x'.repeat(300)}?", ` +
        '"How do I launch the rocket?"]\n```',
      // One a line, numbered.
      'Questions:\n1. Where is the launch pad?\n2) What does the countdown script do?\n\nThat is all.',
    ];
    fake.answer = (call) =>
      asksForQuestions(call) ? { parts: [answers.shift() ?? '[]'] } : { parts: ['Nothing to say.'] };
    const before = fake.calls.length;
    // Nothing stored yet: none, and the job is enqueued (not run on the request's path).
    expect(await siteQuestions()).toEqual([]);
    expect((await questionsJobEnded(server, siteId)).state).toBe('done');
    const calls = fake.calls.slice(before).filter(asksForQuestions);
    expect(calls).toHaveLength(1);
    const prompt = promptOf(calls[0] as FakeChatProvider['calls'][number]);
    expect(prompt).toContain('countdown script');
    // The Vault space is not on the site: none of its text reaches the model.
    expect(prompt).not.toContain('zebra');
    expect(await siteQuestions()).toEqual([{ question: 'How do I launch the rocket?' }]);
    // Asked again, the stored questions are answered: no second model call.
    expect(fake.calls.slice(before).filter(asksForQuestions)).toHaveLength(1);
    const organization = await server.api(`${orgPath}/ask/questions`, { token: reader.token });
    expect(organization.body).toEqual({ questions: ['How do I launch the rocket?'] });

    // Published again: a new site version, new questions once its job has run.
    expect((await server.api(`${sitePath}/publish`, { method: 'POST', token: org.admin.token })).status).toBe(
      200,
    );
    expect(await siteQuestions()).toEqual([]);
    expect((await questionsJobEnded(server, siteId)).state).toBe('done');
    expect(await siteQuestions()).toEqual([
      { question: 'Where is the launch pad?' },
      { question: 'What does the countdown script do?' },
    ]);
  });
});

describe("the reader's Ask box", () => {
  it('shows where the site enables AI, and answers without script: text only, sources linked, nothing private', async () => {
    const base = `/~sites/${org.organization.id}/rockets/`;
    await setSiteAi('none');
    expect((await getPage(server, base)).body).not.toContain('name="ask"');
    await setSiteAi('search');
    expect((await getPage(server, base)).body).toContain('name="ask"');

    fake.answer = (call) =>
      asksForQuestions(call)
        ? { parts: ['["Where is the launch pad?", "How long is the <b>countdown</b>?"]'] }
        : { parts: ['Use the <script>alert(1)</script> pad [1].\n\nThen wait.'] };
    const before = fake.calls.length;
    const answered = await getPage(server, `${base}?ask=${encodeURIComponent('launch codes')}`);
    expect(answered.status).toBe(200);
    expect(answered.headers['cache-control']).toBe('private, no-store');
    expect(answered.body).not.toContain('<script>alert');
    expect(answered.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(answered.body).toMatch(
      /<a href="\/~sites\/[^"]+\/rockets\/launch-guide" class="citation">\[<!-- -->1<!-- -->\]<\/a>/,
    );
    expect(answered.body).toContain('Then wait.');
    expect(promptOf(fake.calls[before] as FakeChatProvider['calls'][number])).not.toContain('zebra');

    // The site's other recommended questions follow the answer, each a link asking it (once the
    // job the first answer page enqueued for the site's new version has written them).
    await questionsJobEnded(server, sitePath.split('/').at(-1) as string);
    const again = await getPage(server, `${base}?ask=${encodeURIComponent('where is the launch pad?')}`);
    expect(again.body).toContain('Other questions');
    expect(again.body).toContain('<a href="?ask=How%20long%20is%20the%20%3Cb%3Ecountdown%3C%2Fb%3E%3F">');
    expect(again.body).toContain('How long is the &lt;b&gt;countdown&lt;/b&gt;?');
    // Not the question just asked.
    expect(again.body).not.toContain('href="?ask=Where%20is%20the%20launch%20pad%3F"');
  });
});

describe('budgets of questions', () => {
  let kept: AnswerBudget;
  beforeAll(() => {
    kept = server.services.answerBudget;
    server.services.answerBudget = answerBudget(server.store, {
      perAsker: 2,
      perOrganization: 4,
      windowSeconds: 3600,
    });
  });
  afterAll(() => {
    server.services.answerBudget = kept;
  });

  /** A fresh site API token of the site's anonymous visitor: anyone may mint one, as often as they like. */
  async function freshSiteToken(): Promise<string> {
    const found = await lookup(server, {
      url: `${server.services.urls.sites ?? server.services.urls.app}/~sites/${org.organization.id}/rockets/`,
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    return found.body.apiToken as string;
  }
  const askSite = async (token: string) =>
    server.api(`${sitePath}/ask`, {
      method: 'POST',
      token,
      headers: { accept: 'text/event-stream' },
      body: { question: 'launch', scope: { mode: 'default' } },
    });

  it("refuses (429) a visitor's questions past their address's budget, whatever site token asks, then the organization's", async () => {
    fake.answer = () => ({ parts: ['From the pad [1].'] });
    const before = fake.calls.length;
    // A visitor minting a new site token for each question: each token had a budget of its own.
    expect((await askSite(await freshSiteToken())).status).toBe(200);
    expect((await askSite(await freshSiteToken())).status).toBe(200);
    const refused = await askSite(await freshSiteToken());
    expectError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fake.calls.length).toBe(before + 2);

    // A member asks as themselves, until the organization's budget (4) is spent.
    expect((await askOrg(reader.token, 'How do I launch?')).status).toBe(200);
    expect((await askOrg(reader.token, 'How do I launch?')).status).toBe(200);
    const spent = await askOrg(org.admin.token, 'How do I launch?');
    expectError(spent, 429);
    expect(fake.calls.length).toBe(before + 4);
    // A question that finds nothing calls no model and costs nothing.
    expect((await askOrg(org.admin.token, 'xylophone quasar')).status).toBe(200);
  });

  it("charges the reader's Ask box (its answer page and its stream) to the visitor's address", async () => {
    // A fresh budget: the reader's questions ran as no asker, charged to the organization only.
    server.services.answerBudget = answerBudget(server.store, {
      perAsker: 2,
      perOrganization: 100,
      windowSeconds: 3600,
    });
    await setSiteAi('search');
    fake.answer = (call) => (asksForQuestions(call) ? { parts: ['[]'] } : { parts: ['From the pad [1].'] });
    const base = `/~sites/${org.organization.id}/rockets/`;
    const answersBefore = fake.calls.filter((call) => !asksForQuestions(call)).length;
    const page = () => getPage(server, `${base}?ask=${encodeURIComponent('launch')}`);
    expect((await page()).body).toContain('From the pad');
    expect((await page()).body).toContain('From the pad');
    const refused = await page();
    expect(refused.status).toBe(200);
    expect(refused.body).not.toContain('From the pad');
    expect(refused.body).toContain('could not answer just now');
    const streamed = await getPage(server, `${base}~reader/ask?ask=${encodeURIComponent('launch')}`);
    expect(streamed.body).toContain('event: error');
    expect(streamed.body).not.toContain('From the pad');
    expect(fake.calls.filter((call) => !asksForQuestions(call)).length).toBe(answersBefore + 2);
  });
});

describe('a guest asks', () => {
  it('from the one space shared with them: not the spaces every member reads, nor the others', async () => {
    const shared = await createSpace(server, org, { title: 'Shared', defaultLevel: null });
    await writePage(
      shared.id,
      'Launch checklist',
      'The launch checklist is kept on the tangerine clipboard.',
    );
    const guest = await addMember(server, org.organization.id, null);
    await grant(server, org, { kind: 'space', id: shared.id }, { role: 'read', users: [guest.user.id] });
    fake.answer = () => ({ parts: ['The clipboard [1].'] });
    const before = fake.calls.length;
    const asked = await askOrg(guest.token, 'launch');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const prompt = promptOf(fake.calls[before] as FakeChatProvider['calls'][number]);
    expect(prompt).toContain('tangerine');
    expect(prompt).not.toContain('countdown');
    expect(prompt).not.toContain('zebra');
    expect(asked.body.answer.sources.map((source: { space: string }) => source.space)).toEqual([shared.id]);
  });
});

describe('a question asked through a signed-in browser', () => {
  it("needs the session's CSRF token though it is a GET, on every face: another site cannot spend the person's questions", async () => {
    await setUserPassword(server.services, { userId: reader.user.id, password: BROWSER_PASSWORD });
    const browser = new TestBrowser(server);
    expect((await browser.signIn(reader.user.email, BROWSER_PASSWORD)).status).toBe(200);
    fake.answer = () => ({ parts: ['Run the countdown [1].'] });
    const before = fake.calls.length;
    const stream = `${orgPath}/ask/stream?query=countdown`;
    for (const csrf of [false, 'not-the-token']) {
      const rest = await browser.request(stream, { csrf, headers: { accept: 'text/event-stream' } });
      expect(rest.status, String(csrf)).toBe(403);
      expect(rest.body).toEqual({
        error: { code: 403, message: expect.stringMatching(/CSRF token/), type: 'forbidden' },
      });
    }
    const input = { organizationId: org.organization.id, query: 'countdown' };
    const trpc = await browser.query('orgs.askStream', input, { csrf: false });
    expect(trpc.status).toBe(403);
    const graphql = await browser.request(
      `/graphql?query=${encodeURIComponent(`{ orgsAskStream(organizationId: "${org.organization.id}", query: "countdown") { type } }`)}`,
      { csrf: false },
    );
    // A field's refusal: GraphQL's 200 with the error in GitBook's code.
    expect(graphql.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/CSRF token/),
      extensions: { code: 'forbidden', httpStatus: 403 },
    });
    // Refused before the budget or the provider: nothing asked.
    expect(fake.calls.length).toBe(before);
    // Reading needs no token still; asking with it is answered.
    expect((await browser.request(orgPath, { csrf: false })).status).toBe(200);
    const asked = await browser.request(stream, { headers: { accept: 'text/event-stream' } });
    expect(asked.status).toBe(200);
    expect(eventsOf(asked.body).length).toBeGreaterThan(0);
    expect((await browser.query('orgs.askStream', input)).status).toBe(200);
    expect(fake.calls.length).toBe(before + 2);
  });
});
