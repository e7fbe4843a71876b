/**
 * Conditional content (`{% if %}` blocks) and a published site's visitors, through real HTTP:
 * the text of a block whose condition the visitor's claims fail reaches them through no read
 * a site API token may make — a page (JSON document, markdown, by path, dereferenced), a
 * revision's page document (evaluated or not), a document by id, a reusable content's
 * document, a revision's changes, the space's search, the site's search (REST, the reader's
 * search page), ask's passages — on REST, GraphQL and tRPC; a visitor whose claims pass the
 * condition reads it (the site's search excepted: it finds no conditional text for anyone),
 * and members keep GitBook's behaviour (unevaluated reads as stored, their searches find it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeChatProvider, fakeProviderEnv, startFakeChatProvider } from '../ask/fake-chat-provider';
import { callFace, callFaces, findRoute } from '../support/faces/call-faces';
import type { Face } from '../support/faces/face-call';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { type Json, lookup } from '../url-lookups/url-lookup-support';

const SECRET = 'TOPSECRET_IFBLOCK';
const RC_SECRET = 'RCSECRET_INCLUDED';
const TAB_SECRET = 'TABSECRETTITLE';
const EDIT_SECRET = 'EDITSECRET_SECOND';
const TAB_BODY = 'TABBODYSECRET';
const CONDITION = 'visitor.claims.unsigned.beta';

const welcome = (extra: string, includeId: string) =>
  `Hello world.\n\n{% if ${CONDITION} %}\n${SECRET} beta only text${extra}\n{% endif %}\n\n` +
  `{% include "/reusable-contents/${includeId}" %}\n`;

let fake: FakeChatProvider;
let server: TestServer;
let org: TestOrganization;
let orgId: string;
let spaceId: string;
let pageId: string;
let documentId: string;
let reusableId: string;
let firstRevision: string;
let editRevision: string;
let siteId: string;
let sitePath: string;
/** Site API tokens: a visitor without claims, and one whose unsigned claims say `beta`. */
let anonymous: string;
let beta: string;

async function admin(method: string, path: string, body?: unknown): Promise<Json> {
  const response = await server.api(path, { method, token: org.admin.token, ...(body ? { body } : {}) });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

async function siteToken(visitor?: unknown): Promise<string> {
  const response = await lookup(server, {
    url: `${server.services.urls.sites ?? server.services.urls.app}/~sites/${orgId}/adaptive/`,
    ...(visitor ? { visitor } : {}),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.apiToken as string;
}

beforeAll(async () => {
  fake = await startFakeChatProvider();
  server = await startTestServer({ ...fakeProviderEnv(fake), QUIRE_AI_API_KEY: 'sk-if-blocks-0123456789' });
  org = await createOrganization(server);
  orgId = org.organization.id;
  const orgPath = `/v1/orgs/${orgId}`;
  spaceId = (await admin('POST', `${orgPath}/spaces`, { title: 'Adaptive' })).id;
  const withContent = await admin('POST', `/v1/spaces/${spaceId}/content`, {
    changes: [
      {
        operation: 'insert_reusable_content',
        title: 'Beta note',
        document: {
          markdown: `Shared intro.\n\n{% if ${CONDITION} %}\n${RC_SECRET} for testers\n{% endif %}\n`,
        },
      },
    ],
  });
  reusableId = withContent.changes[0].reusableContent;
  const withPages = await admin('POST', `/v1/spaces/${spaceId}/content`, {
    changes: [
      { operation: 'insert_page', title: 'Welcome', document: { markdown: welcome('', reusableId) } },
      {
        operation: 'insert_page',
        title: 'Tabs',
        document: {
          markdown:
            `Tab intro.\n\n{% if ${CONDITION} %}\n{% tabs %}\n{% tab title="${TAB_SECRET}" %}\n` +
            `${TAB_BODY} inside the tab.\n{% endtab %}\n{% endtabs %}\n{% endif %}\n`,
        },
      },
    ],
  });
  pageId = withPages.changes[0].page.id;
  firstRevision = withPages.revision;
  // A second edit changes the page only inside its `if` block.
  const edited = await admin('POST', `/v1/spaces/${spaceId}/content`, {
    changes: [
      {
        operation: 'update_page',
        page: pageId,
        document: { markdown: welcome(` ${EDIT_SECRET}`, reusableId) },
      },
    ],
  });
  editRevision = edited.revision;
  documentId = (await admin('GET', `/v1/spaces/${spaceId}/content/page/${pageId}`)).documentId;

  const site = await admin('POST', `${orgPath}/sites`, { title: 'Adaptive docs' });
  siteId = site.id;
  sitePath = `${orgPath}/sites/${siteId}`;
  await admin('PATCH', sitePath, { basename: 'adaptive' });
  await admin('PUT', `${sitePath}/adaptive-schema`, {
    jsonSchema: {
      type: 'object',
      properties: { beta: { type: 'boolean', description: 'Beta tester' } },
      additionalProperties: false,
    },
  });
  await admin('POST', `${sitePath}/sections`, { spaceId, title: 'Docs' });
  // AI on, so that the site answers questions (`ai.mode`; `none` by default).
  await admin('PUT', `${sitePath}/customization`, {
    ...(await admin('GET', `${sitePath}/customization`)),
    ai: { mode: 'search' },
  });
  await admin('POST', `${sitePath}/publish`);
  anonymous = await siteToken();
  beta = await siteToken({ unsignedClaims: { beta: true } });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const read = async (token: string | null, path: string, method = 'GET', body?: unknown) => {
  const response = await server.api(path, { method, token, ...(body === undefined ? {} : { body }) });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return JSON.stringify(response.body);
};

describe('reads of content with a site API token', () => {
  const reads = (): Array<[string, string, string[]]> => [
    // [what, path, secrets it holds for a member]
    ['the page (JSON)', `/v1/spaces/${spaceId}/content/page/${pageId}`, [SECRET]],
    ['the page (markdown)', `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`, [SECRET]],
    [
      'the page (markdown, dereferenced)',
      `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown&dereferenced=true`,
      [SECRET, RC_SECRET],
    ],
    [
      'the page (JSON, dereferenced)',
      `/v1/spaces/${spaceId}/content/page/${pageId}?dereferenced=true`,
      [SECRET, RC_SECRET],
    ],
    ['the page by path', `/v1/spaces/${spaceId}/content/path/welcome`, [SECRET]],
    ['the page in a revision', `/v1/spaces/${spaceId}/revisions/${editRevision}/page/${pageId}`, [SECRET]],
    [
      "a revision's page document",
      `/v1/spaces/${spaceId}/revisions/${editRevision}/page/${pageId}/document`,
      [SECRET],
    ],
    [
      "a revision's page document (evaluated, dereferenced)",
      `/v1/spaces/${spaceId}/revisions/${editRevision}/page/${pageId}/document?evaluated=true&dereferenced=true`,
      [SECRET, RC_SECRET],
    ],
    ['a document by id', `/v1/spaces/${spaceId}/documents/${documentId}`, [SECRET]],
    [
      "a reusable content's document",
      `/v1/spaces/${spaceId}/content/reusable-contents/${reusableId}/document`,
      [RC_SECRET],
    ],
  ];

  it('members read every branch as stored (GitBook: unevaluated unless asked)', async () => {
    for (const [what, path, secrets] of reads()) {
      const text = await read(org.admin.token, path);
      for (const secret of secrets) expect(text, what).toContain(secret);
    }
  });

  it('a visitor whose claims fail the condition reads none of it, however they ask', async () => {
    for (const [what, path] of reads()) {
      const text = await read(anonymous, path);
      expect(text, what).not.toContain(SECRET);
      expect(text, what).not.toContain(RC_SECRET);
      expect(text, what).not.toContain(EDIT_SECRET);
    }
    // What is outside the block is still there.
    expect(await read(anonymous, `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).toContain(
      'Hello world.',
    );
    expect(await read(anonymous, `/v1/spaces/${spaceId}/documents/${documentId}`)).toContain('Hello world.');
  });

  it('a visitor whose claims pass it reads the block’s content, without the block', async () => {
    for (const [what, path, secrets] of reads()) {
      const text = await read(beta, path);
      for (const secret of secrets) expect(text, what).toContain(secret);
      expect(text, what).not.toContain('"type":"if"');
      expect(text, what).not.toContain('{% if');
    }
  });

  it("a revision's changes show a visitor no edit made only inside a block they may not read", async () => {
    const path = `/v1/spaces/${spaceId}/revisions/${editRevision}/changes`;
    const member = JSON.parse(await read(org.admin.token, path));
    expect(JSON.stringify(member)).toContain(EDIT_SECRET);
    const hidden = JSON.parse(await read(anonymous, path));
    expect(JSON.stringify(hidden)).not.toContain(SECRET);
    expect(hidden.changes.filter((change: Json) => change.page?.id === pageId)).toEqual([]);
    const shown = await read(beta, path);
    expect(shown).toContain(EDIT_SECRET);
    expect(shown).not.toContain('{% if');
    // Against the first revision too (`from`), and the first revision's own changes.
    expect(await read(anonymous, `${path}?from=${firstRevision}`)).not.toContain(SECRET);
    expect(await read(anonymous, `/v1/spaces/${spaceId}/revisions/${firstRevision}/changes`)).not.toContain(
      SECRET,
    );
  });

  it('the same on tRPC', async () => {
    const calls: Array<[string, Record<string, unknown>, string]> = [
      ['GET /v1/spaces/:spaceId/content/page/:pageId', { spaceId, pageId }, SECRET],
      ['GET /v1/spaces/:spaceId/content/page/:pageId', { spaceId, pageId, format: 'markdown' }, SECRET],
      [
        'GET /v1/spaces/:spaceId/revisions/:revisionId/page/:pageId/document',
        { spaceId, revisionId: editRevision, pageId, dereferenced: true },
        RC_SECRET,
      ],
      ['GET /v1/spaces/:spaceId/documents/:documentId', { spaceId, documentId }, SECRET],
      [
        'GET /v1/spaces/:spaceId/content/reusable-contents/:reusableContentId/document',
        { spaceId, reusableContentId: reusableId },
        RC_SECRET,
      ],
      [
        'GET /v1/spaces/:spaceId/revisions/:revisionId/changes',
        { spaceId, revisionId: editRevision },
        SECRET,
      ],
      ['GET /v1/spaces/:spaceId/search', { spaceId, query: SECRET }, SECRET],
    ];
    for (const [key, input, secret] of calls) {
      const route = findRoute(key);
      if (!route) throw new Error(`no route ${key}`);
      for (const [token, shown] of [
        [anonymous, false],
        [beta, true],
      ] as const) {
        const answer = await callFace(server, 'trpc', { route, input, token });
        const where = `trpc ${key} ${JSON.stringify(input)} shown=${shown}: ${JSON.stringify(answer.body).slice(0, 300)}`;
        expect(answer.status, where).toBe(200);
        if (shown) expect(JSON.stringify(answer.data), where).toContain(secret);
        else expect(JSON.stringify(answer.data), where).not.toContain(secret);
      }
    }
  });

  it('the same on GraphQL', async () => {
    const queries: Array<[string, Record<string, unknown>, string]> = [
      [
        'query($s: String!, $p: String!) { spacesContentPageGet(spaceId: $s, pageId: $p) { document } }',
        { s: spaceId, p: pageId },
        SECRET,
      ],
      [
        'query($s: String!, $p: String!) { spacesContentPageGet(spaceId: $s, pageId: $p, format: markdown) { markdown } }',
        { s: spaceId, p: pageId },
        SECRET,
      ],
      [
        'query($s: String!, $r: String!, $p: String!) { spacesRevisionsPageDocument(spaceId: $s, revisionId: $r, pageId: $p, dereferenced: true) }',
        { s: spaceId, r: editRevision, p: pageId },
        RC_SECRET,
      ],
      [
        'query($s: String!, $d: String!) { spacesDocumentsGet(spaceId: $s, documentId: $d) }',
        { s: spaceId, d: documentId },
        SECRET,
      ],
      [
        'query($s: String!, $c: String!) { spacesContentReusableContentsDocument(spaceId: $s, reusableContentId: $c) }',
        { s: spaceId, c: reusableId },
        RC_SECRET,
      ],
      [
        'query($s: String!, $r: String!) { spacesRevisionsChanges(spaceId: $s, revisionId: $r) { changes } }',
        { s: spaceId, r: editRevision },
        SECRET,
      ],
      [
        'query($s: String!, $q: String!) { spacesSearch(spaceId: $s, query: $q) { edges { node { title sections { title body } } } } }',
        { s: spaceId, q: SECRET },
        SECRET,
      ],
    ];
    for (const [query, variables, secret] of queries) {
      for (const [token, shown] of [
        [anonymous, false],
        [beta, true],
      ] as const) {
        const response = await server.api('/graphql', { method: 'POST', token, body: { query, variables } });
        const where = `${query} shown=${shown}: ${JSON.stringify(response.body).slice(0, 300)}`;
        expect(response.status, where).toBe(200);
        expect(response.body.errors, where).toBeUndefined();
        if (shown) expect(JSON.stringify(response.body.data), where).toContain(secret);
        else expect(JSON.stringify(response.body.data), where).not.toContain(secret);
      }
    }
  });
});

describe('search served to site visitors', () => {
  const spaceSearch = (token: string | null, query: string) =>
    read(token, `/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}`);

  it("the space's search matches and quotes a block's text only for a visitor whose claims pass it", async () => {
    for (const query of [SECRET, 'beta only', TAB_SECRET, TAB_BODY]) {
      const hidden = JSON.parse(await spaceSearch(anonymous, query));
      expect(hidden.items, query).toEqual([]);
      const shown = await spaceSearch(beta, query);
      expect(shown, query).toContain(query === TAB_SECRET || query === TAB_BODY ? TAB_SECRET : SECRET);
    }
    // The page is still found by its open text, and its excerpt quotes none of the block.
    const open = await spaceSearch(anonymous, 'Hello world');
    expect(open).toContain('Welcome');
    expect(open).not.toContain(SECRET);
  });

  it('members search every branch: the space and the organization', async () => {
    expect(await spaceSearch(org.admin.token, SECRET)).toContain(SECRET);
    expect(await spaceSearch(org.admin.token, TAB_SECRET)).toContain(TAB_SECRET);
    expect(await read(org.admin.token, `/v1/orgs/${orgId}/search?query=${SECRET}`)).toContain(SECRET);
  });

  it("the site's search finds a block's text only for a visitor whose claims pass it (REST, GraphQL, tRPC)", async () => {
    const searchPath = `${sitePath}/search`;
    // Nobody, a visitor without the claim, a member (the site's search is what visitors see).
    for (const token of [null, anonymous, org.admin.token]) {
      for (const query of [SECRET, TAB_SECRET]) {
        const found = JSON.parse(await read(token, searchPath, 'POST', { query }));
        expect(found.items, `${query} as ${token === null ? 'nobody' : 'a token'}`).toEqual([]);
      }
      const open = await read(token, searchPath, 'POST', { query: 'Hello world' });
      expect(open).toContain('Welcome');
      expect(open).not.toContain(SECRET);
    }
    for (const query of [SECRET, TAB_SECRET])
      expect(await read(beta, searchPath, 'POST', { query }), query).toContain(query);
    const route = findRoute('POST /v1/orgs/:organizationId/sites/:siteId/search');
    if (!route) throw new Error('no site search route');
    for (const token of [anonymous, beta]) {
      const answers = await callFaces(server, {
        route,
        input: { organizationId: orgId, siteId, query: SECRET },
        token,
      });
      for (const face of ['graphql', 'trpc'] as Face[]) {
        expect(answers[face].status).toBe(200);
        const data = JSON.stringify(answers[face].data);
        // GraphQL's selection here is the count; tRPC's answer holds the hits' text too.
        if (token === beta) expect(data, face).toMatch(/"totalCount":1|TOPSECRET_IFBLOCK/);
        else expect(data, face).not.toMatch(/"totalCount":[1-9]|TOPSECRET_IFBLOCK/);
      }
    }
  });

  it("the reader's search page quotes it only to a visitor whose claims pass it", async () => {
    for (const query of [SECRET, 'Hello world']) {
      for (const claims of ['', '&visitor.beta=true']) {
        const response = await fetch(
          `${server.url}/~sites/${orgId}/adaptive/welcome?q=${encodeURIComponent(query)}${claims}`,
        );
        const html = await response.text();
        expect(response.status, html.slice(0, 300)).toBe(200);
        // The query is echoed in the page; the results are what may not hold the block.
        // (The query's words are marked in the excerpts: read without the marks.)
        const results = html.slice(html.indexOf('<ol class="search-results"')).replaceAll(/<\/?mark>/g, '');
        if (query === 'Hello world') expect(results).toContain('Hello world');
        else if (claims === '') expect(results).toMatch(/^<ol class="search-results"><\/ol>/);
        else expect(results).toContain(SECRET);
      }
    }
  });

  it("ask sends the model none of it for the site's visitors", async () => {
    fake.answer = () => ({ parts: ['Hello [1].'] });
    for (const token of [null, anonymous, beta]) {
      const before = fake.calls.length;
      const asked = await server.api(`${sitePath}/ask`, {
        method: 'POST',
        token,
        body: { question: 'Hello world beta only text', scope: { mode: 'default' } },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const prompts = fake.calls.slice(before).map((call) => JSON.stringify(call.body.messages));
      expect(prompts.join('\n')).toContain('Hello world');
      expect(prompts.join('\n')).not.toContain(SECRET);
    }
  });
});
