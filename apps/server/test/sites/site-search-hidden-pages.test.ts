/**
 * Hidden pages and a published site's visitors, through real HTTP. GitBook leaves a page marked
 * `hidden`, and every page under it, out of a published site's navigation, search, sitemap and
 * `llms.txt` (its renderer's `flattenPages` and site index skip a hidden page with its subtree),
 * though it is still read at its URL. So: the site's search (REST, GraphQL, tRPC; anonymous, a
 * site API token, a member — the site's search is what its visitors see), the space's search
 * with a site API token (the three faces), the reader's search page and its suggestions, ask's
 * passages, the sitemap, `llms.txt` and `llms-full.txt` find neither the hidden page nor its
 * subpage; a visitor still reads the hidden page at its address; members searching the space
 * and the organization in the app still find both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeChatProvider, fakeProviderEnv, startFakeChatProvider } from '../ask/fake-chat-provider';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { type Json, lookup } from '../url-lookups/url-lookup-support';

/** Words only one page holds each: the listed page, the hidden one, the page under it. */
const LISTED = 'zephyrlisted';
const HIDDEN = 'quokkahidden';
const UNDER = 'wombatunder';
/** Text of the hidden pages that no query names: what ask's prompt may not quote. */
const HIDDEN_BODY = 'HIDDENBODYTEXT';
const UNDER_BODY = 'UNDERBODYTEXT';

let fake: FakeChatProvider;
let server: TestServer;
let org: TestOrganization;
let orgId: string;
let spaceId: string;
let siteId: string;
let sitePath: string;
/** The site's own published address: `/~sites/<org>/hiding/`. */
let siteAddress: string;
let siteToken: string;

async function admin(method: string, path: string, body?: unknown): Promise<Json> {
  const response = await server.api(path, { method, token: org.admin.token, ...(body ? { body } : {}) });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

beforeAll(async () => {
  fake = await startFakeChatProvider();
  server = await startTestServer({
    ...fakeProviderEnv(fake),
    QUIRE_AI_API_KEY: 'sk-hidden-pages-0123456789',
  });
  org = await createOrganization(server);
  orgId = org.organization.id;
  const orgPath = `/v1/orgs/${orgId}`;
  spaceId = (await admin('POST', `${orgPath}/spaces`, { title: 'Field notes' })).id;
  await admin('POST', `/v1/spaces/${spaceId}/content`, {
    changes: [
      {
        operation: 'insert_page',
        title: 'Welcome',
        document: { markdown: `Every ${LISTED} reader starts here.\n` },
      },
      {
        operation: 'insert_page',
        ref: 'drafts',
        title: 'Drafts',
        hidden: true,
        document: { markdown: `A ${HIDDEN} page. ${HIDDEN_BODY} for those with the link.\n` },
      },
      {
        operation: 'insert_page',
        into: 'drafts',
        title: 'Draft detail',
        document: { markdown: `A ${UNDER} page. ${UNDER_BODY} under a hidden page.\n` },
      },
    ],
  });
  const site = await admin('POST', `${orgPath}/sites`, { title: 'Field site' });
  siteId = site.id;
  sitePath = `${orgPath}/sites/${siteId}`;
  await admin('PATCH', sitePath, { basename: 'hiding' });
  await admin('POST', `${sitePath}/sections`, { spaceId, title: 'Notes' });
  // AI on, so that the site answers questions (`ai.mode`; `none` by default).
  await admin('PUT', `${sitePath}/customization`, {
    ...(await admin('GET', `${sitePath}/customization`)),
    ai: { mode: 'search' },
  });
  await admin('POST', `${sitePath}/publish`);
  siteAddress = `/~sites/${orgId}/hiding/`;
  const looked = await lookup(server, {
    url: `${server.services.urls.sites ?? server.services.urls.app}${siteAddress}`,
  });
  expect(looked.status, JSON.stringify(looked.body)).toBe(200);
  siteToken = looked.body.apiToken;
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const titlesIn = (body: Json): string[] =>
  (body.items as Json[]).flatMap((item) =>
    item.pages ? item.pages.map((page: Json) => page.title) : [item.title],
  );

describe("the site's search", () => {
  const siteSearch = async (token: string | null, query: string) => {
    const response = await server.api(`${sitePath}/search`, { method: 'POST', token, body: { query } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  it('finds no hidden page, nor a page under one, for anyone (REST)', async () => {
    for (const token of [null, siteToken, org.admin.token]) {
      const who = token === null ? 'nobody' : token === siteToken ? 'a site token' : 'a member';
      expect(titlesIn(await siteSearch(token, LISTED)), who).toEqual(['Welcome']);
      for (const query of [HIDDEN, UNDER, 'page']) {
        const found = await siteSearch(token, query);
        expect(titlesIn(found), `${query} as ${who}`).not.toContain('Drafts');
        expect(titlesIn(found), `${query} as ${who}`).not.toContain('Draft detail');
        expect(JSON.stringify(found), `${query} as ${who}`).not.toMatch(/HIDDENBODYTEXT|UNDERBODYTEXT/);
      }
    }
  });

  it('the same on GraphQL and tRPC', async () => {
    const route = findRoute('POST /v1/orgs/:organizationId/sites/:siteId/search');
    if (!route) throw new Error('no site search route');
    // GraphQL and tRPC answer only callers with a credential: a site's visitors come with its token.
    for (const token of [siteToken, org.admin.token]) {
      for (const [query, found] of [
        [LISTED, true],
        [HIDDEN, false],
        [UNDER, false],
      ] as const) {
        const answers = await callFaces(server, {
          route,
          input: { organizationId: orgId, siteId, query },
          token,
        });
        for (const face of ['graphql', 'trpc'] as const) {
          const where = `${face} ${query}: ${JSON.stringify(answers[face].body).slice(0, 300)}`;
          expect(answers[face].status, where).toBe(200);
          // GraphQL's selection is the count of spaces found; tRPC's answer is the whole page.
          const count = (answers[face].data as Json).totalCount ?? (answers[face].data as Json).items.length;
          expect(count, where).toBe(found ? 1 : 0);
        }
      }
    }
  });
});

describe("the space's search", () => {
  const route = () => {
    const found = findRoute('GET /v1/spaces/:spaceId/search');
    if (!found) throw new Error('no space search route');
    return found;
  };

  it('finds no hidden page, nor a page under one, with a site API token (REST, GraphQL, tRPC)', async () => {
    for (const [query, found] of [
      [LISTED, true],
      [HIDDEN, false],
      [UNDER, false],
      // A word of every page: only the listed one answers.
      ['page', false],
    ] as const) {
      const answers = await callFaces(server, {
        route: route(),
        input: { spaceId, query },
        token: siteToken,
      });
      for (const face of ['rest', 'graphql', 'trpc'] as const) {
        const where = `${face} ${query}: ${JSON.stringify(answers[face].body).slice(0, 300)}`;
        expect(answers[face].status, where).toBe(200);
        const data = answers[face].data as Json;
        const count = data.totalCount ?? data.items.length;
        expect(count, where).toBe(found ? 1 : 0);
        expect(JSON.stringify(data), where).not.toMatch(/Drafts|Draft detail|HIDDENBODYTEXT|UNDERBODYTEXT/);
      }
    }
  });

  it("members find both in the space's and the organization's search", async () => {
    for (const [query, title] of [
      [HIDDEN, 'Drafts'],
      [UNDER, 'Draft detail'],
    ]) {
      const space = await admin('GET', `/v1/spaces/${spaceId}/search?query=${query}`);
      expect(titlesIn(space)).toEqual([title]);
      const organization = await admin('GET', `/v1/orgs/${orgId}/search?query=${query}`);
      expect(JSON.stringify(organization)).toContain(title);
    }
  });
});

describe("the reader's search", () => {
  it('lists neither on the search page nor in the search box’s suggestions', async () => {
    for (const query of [HIDDEN, UNDER, LISTED]) {
      const page = await fetch(`${server.url}${siteAddress}?q=${query}`);
      const html = await page.text();
      expect(page.status, html.slice(0, 300)).toBe(200);
      const results = html.slice(html.indexOf('<ol class="search-results"'));
      if (query === LISTED) expect(results).toContain('Welcome');
      else expect(results, query).toMatch(/^<ol class="search-results"><\/ol>/);
      const suggested = await fetch(`${server.url}${siteAddress}~reader/search?q=${query}`);
      expect(suggested.status).toBe(200);
      const titles = ((await suggested.json()) as Json).results.map((result: Json) => result.title);
      expect(titles, query).toEqual(query === LISTED ? ['Welcome'] : []);
    }
  });

  it('still reads the hidden page, and the page under it, at their addresses', async () => {
    for (const [path, text] of [
      ['drafts', HIDDEN_BODY],
      ['drafts/draft-detail', UNDER_BODY],
    ]) {
      const page = await fetch(`${server.url}${siteAddress}${path}`);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain(text);
    }
  });
});

describe('ask', () => {
  it("quotes neither page to the model for the site's visitors", async () => {
    fake.answer = () => ({ parts: ['Here [1].'] });
    for (const token of [null, siteToken]) {
      const before = fake.calls.length;
      const asked = await server.api(`${sitePath}/ask`, {
        method: 'POST',
        token,
        body: { question: `${LISTED} ${HIDDEN} ${UNDER} page`, scope: { mode: 'default' } },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const prompts = fake.calls
        .slice(before)
        .map((call) => JSON.stringify(call.body.messages))
        .join('\n');
      expect(prompts).toContain(`Every ${LISTED} reader starts here.`);
      expect(prompts).not.toContain(HIDDEN_BODY);
      expect(prompts).not.toContain(UNDER_BODY);
    }
  });
});

describe('the machine formats', () => {
  it('leave both out of the sitemap, llms.txt and llms-full.txt', async () => {
    for (const format of ['sitemap.xml', 'llms.txt', 'llms-full.txt']) {
      const response = await fetch(`${server.url}${siteAddress}${format}`);
      const text = await response.text();
      expect(response.status, format).toBe(200);
      expect(text, format).toMatch(/welcome/i);
      expect(text, format).not.toMatch(
        /drafts|draft-detail|Drafts|Draft detail|HIDDENBODYTEXT|UNDERBODYTEXT/,
      );
    }
  });
});
