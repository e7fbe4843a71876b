/**
 * Search of a space through REST: ranking (as a table), excerpts under their sections with
 * anchors, paging by rank, the index following edits, and bad queries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchRoutes } from '../../src/faces/rest/routes/search';
import { badInputCases, validInputOf } from '../support/bad-input';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { callFace } from '../support/faces/call-faces';
import { describeResponse } from '../support/faces/face-call';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let org: TestOrganization;
let spaceId: string;
const pageIds = new Map<string, string>();

const FILLER = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.';

const PAGES: Array<{ title: string; markdown: string }> = [
  { title: 'Installation', markdown: 'Steps to follow before anything else.\n' },
  { title: 'Setup', markdown: 'Prepare the machine.\n\n## Installation\n\nRun the command once.\n' },
  { title: 'Overview', markdown: 'This guide covers the installation of the tool.\n' },
  { title: 'Alpha', markdown: 'Here the quick brown fox jumps over the dog.\n' },
  { title: 'Beta', markdown: 'Here the fox is brown and quick over the dog.\n' },
  {
    title: 'Bestiary',
    markdown: `Introduction to the book.\n\n# Magic Creatures\n\n${FILLER} ${FILLER} A **shiny** unicorn appears near the _river_ at dawn. ${FILLER} ${FILLER}\n\n# Magic Creatures\n\nAnother section.\n`,
  },
  { title: 'Code samples', markdown: '```js\nconst frobnicate = () => 1;\n```\n' },
];

async function content(changes: unknown[]): Promise<void> {
  const response = await server.api(`/v1/spaces/${spaceId}/content`, {
    method: 'POST',
    token: org.admin.token,
    body: { changes },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const search = (query: string, extra = '') =>
  server.api(`/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}${extra}`, {
    token: org.admin.token,
  });

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  const created = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Handbook' },
  });
  spaceId = created.body.id;
  await content(
    PAGES.map((page) => ({
      operation: 'insert_page',
      title: page.title,
      document: { markdown: page.markdown },
    })),
  );
  const pages = await server.api(`/v1/spaces/${spaceId}/content/pages`, { token: org.admin.token });
  for (const page of pages.body.pages) pageIds.set(page.title, page.id);
});
afterAll(() => server.close());

describe('ranking', () => {
  const cases: Array<[title: string, query: string, expected: string[]]> = [
    [
      'title match above heading match above body match',
      'installation',
      ['Installation', 'Setup', 'Overview'],
    ],
    ['a prefix finds the word', 'instal', ['Installation', 'Setup', 'Overview']],
    ['a typo finds the word', 'instalation', ['Installation', 'Setup', 'Overview']],
    ['the phrase above its words scattered', 'quick brown fox', ['Alpha', 'Beta']],
    ['a quoted phrase above its words scattered', '"quick brown fox"', ['Alpha', 'Beta']],
    ['every word in one section (AND) before any word (OR)', 'brown and quick', ['Beta']],
    ['code is text', 'frobnicate', ['Code samples']],
  ];
  it.each(cases)('%s (%s)', async (_title, query, expected) => {
    const response = await search(query);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const titles = response.body.items.map((item: { title: string }) => item.title);
    expect(titles.slice(0, expected.length)).toEqual(expected);
    expect(response.body.count).toBe(response.body.items.length);
  });

  it('finds nothing without an error for a word no page holds', async () => {
    const response = await search('xylophone');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ items: [], count: 0 });
  });

  it('reads query operators as text ($where, regex syntax)', async () => {
    for (const query of ['$where', '{"$ne": 1}', '.*(a', 'installation OR 1=1', 'a\\']) {
      const response = await search(query);
      expect(response.status, query).toBe(200);
    }
  });
});

describe('results', () => {
  it('is the interface shape: page with its sections, paths to anchors, excerpts around the match', async () => {
    const response = await search('unicorn');
    expect(response.status).toBe(200);
    const [page] = response.body.items;
    const id = pageIds.get('Bestiary')!;
    expect(page).toMatchObject({ id, title: 'Bestiary', path: 'bestiary' });
    expect(page.urls.app).toMatch(/\/bestiary$/);
    expect(page.sections).toHaveLength(1);
    const [section] = page.sections;
    expect(section).toMatchObject({
      id: 'magic-creatures',
      title: 'Magic Creatures',
      path: 'bestiary#magic-creatures',
    });
    expect(section.urls.app.endsWith('/bestiary#magic-creatures')).toBe(true);
    // Around the match, on word boundaries, without formatting syntax.
    expect(section.body).toContain('A shiny unicorn appears near the river at dawn.');
    expect(section.body.length).toBeLessThanOrEqual(160);
    expect(section.body).not.toMatch(/[*_]/);
    const text = `${FILLER} ${FILLER} A shiny unicorn appears near the river at dawn. ${FILLER} ${FILLER}`;
    expect(text).toContain(section.body);
    const at = text.indexOf(section.body);
    expect(text[at - 1]).toBe(' ');
    expect([' ', undefined]).toContain(text[at + section.body.length]);
  });

  it('lists no section of a page matched by its title alone', async () => {
    const response = await search('installation');
    expect(response.body.items[0]).toMatchObject({ title: 'Installation', sections: [] });
    expect(response.body.items[1].sections).toMatchObject([
      { id: 'installation', path: 'setup#installation' },
    ]);
  });

  it('numbers a repeated heading anchor', async () => {
    const response = await search('another section');
    const [page] = response.body.items;
    expect(page.sections[0]).toMatchObject({ id: 'magic-creatures-1', path: 'bestiary#magic-creatures-1' });
  });

  it('gives the text before the first heading as the page itself', async () => {
    const response = await search('introduction book');
    const [page] = response.body.items;
    expect(page.sections[0]).toMatchObject({
      id: pageIds.get('Bestiary'),
      title: 'Bestiary',
      path: 'bestiary',
    });
    expect(page.sections[0].body).toBe('Introduction to the book.');
  });
});

describe('paging', () => {
  it('walks every result once with limit=1, in rank order', async () => {
    const all = await search('the');
    expect(all.body.count).toBeGreaterThan(3);
    const walked = await walkPages(server, `/v1/spaces/${spaceId}/search?query=the&limit=1`, org.admin.token);
    expect(walked.items.map((item) => item.id)).toEqual(
      all.body.items.map((item: { id: string }) => item.id),
    );
    expect(walked.pages).toBe(all.body.count);
    expect(new Set(walked.counts)).toEqual(new Set([all.body.count]));
  });

  it('refuses a cursor of another shape', async () => {
    const other = Buffer.from(JSON.stringify(['x', 'not a position'])).toString('base64url');
    expectFieldError(await search('the', `&page=${other}`), 'page');
  });
});

describe('the index follows the content', () => {
  it('finds the text of an edit, and no longer the text it replaced', async () => {
    expect((await search('zeppelin')).body.count).toBe(0);
    await content([
      {
        operation: 'update_page',
        page: pageIds.get('Overview'),
        document: { markdown: 'A zeppelin overhead.\n' },
      },
    ]);
    const found = await search('zeppelin');
    expect(found.body.items.map((item: { title: string }) => item.title)).toEqual(['Overview']);
    const old = await search('installation');
    expect(old.body.items.map((item: { title: string }) => item.title)).not.toContain('Overview');
  });
});

describe("GitBook's blocks", () => {
  it('finds the text of tabs, steps, expandables and captions, under sections of their titles', async () => {
    await content([
      {
        operation: 'insert_page',
        title: 'Menagerie',
        document: {
          markdown: [
            '# Keepers',
            'The keepers feed the animals.',
            '{% tabs %}\n{% tab title="Wombat pen" %}\nThe wombat digs burrows.\n{% endtab %}\n{% endtabs %}',
            '{% stepper %}\n{% step %}\n### Weigh the quokka\n\nThe quokka smiles on the scale.\n{% endstep %}\n{% endstepper %}',
            '<details>\n\n<summary>Platypus facts</summary>\n\nThe platypus lays eggs.\n\n</details>',
            '{% file src="https://files.example/echidna-guide.pdf" %}\nAn echidna guide\n{% endfile %}',
          ].join('\n\n'),
        },
      },
    ]);
    const sectionOf = async (query: string) => {
      const response = await search(query);
      expect(response.status).toBe(200);
      const [page] = response.body.items;
      expect(page, query).toMatchObject({ title: 'Menagerie' });
      return page.sections[0];
    };
    expect(await sectionOf('burrows')).toMatchObject({
      id: 'wombat-pen',
      title: 'Wombat pen',
      path: 'menagerie#wombat-pen',
      body: 'The wombat digs burrows.',
    });
    expect(await sectionOf('smiles scale')).toMatchObject({
      id: 'weigh-the-quokka',
      title: 'Weigh the quokka',
    });
    expect(await sectionOf('eggs')).toMatchObject({ id: 'platypus-facts', title: 'Platypus facts' });
    expect(await sectionOf('echidna')).toMatchObject({
      id: 'keepers',
      body: expect.stringContaining('An echidna guide'),
    });
    // A block's URL and attributes are no text.
    expect((await search('files.example')).body.count).toBe(0);
  });
});

describe('access and bad input', () => {
  it('is a 404 for a space the caller cannot view', async () => {
    const other = await createOrganization(server);
    expectError(
      await server.api(`/v1/spaces/${spaceId}/search?query=unicorn`, { token: other.admin.token }),
      404,
    );
  });

  it('lets a reader search', async () => {
    const reader = await addMember(server, org.organization.id, 'read');
    const response = await server.api(`/v1/spaces/${spaceId}/search?query=unicorn`, { token: reader.token });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(1);
  });

  const queries: Array<[title: string, query: string | undefined]> = [
    ['missing', undefined],
    ['empty', ''],
    ['over 512 characters', 'a'.repeat(513)],
    ['only punctuation', '?!.,;-'],
    ['only whitespace', '   '],
  ];
  it.each(queries)('refuses a query %s with a 400 naming query', async (_title, query) => {
    for (const path of [`/v1/spaces/${spaceId}/search`, `/v1/orgs/${org.organization.id}/search`]) {
      const response = await server.api(
        query === undefined ? path : `${path}?query=${encodeURIComponent(query)}`,
        {
          token: org.admin.token,
        },
      );
      expectFieldError(response, 'query');
    }
  });

  it('accepts a query of exactly 512 characters', async () => {
    expect((await search('a'.repeat(512))).status).toBe(200);
  });

  for (const route of searchRoutes) {
    for (const badCase of badInputCases(route).filter((c) => c.faces.includes('rest'))) {
      it(`${route.method} ${route.path}: ${badCase.title}`, async () => {
        const input = { ...validInputOf(route), ...badCase.values };
        const call = {
          route,
          input,
          token: org.admin.token,
          ...(badCase.rawFields ? { rawFields: badCase.rawFields } : {}),
        };
        const response = await callFace(server, 'rest', call);
        expect(response.status, describeResponse(response)).toBe(400);
      });
    }
  }
});
