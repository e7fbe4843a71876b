/**
 * The pages that open no page of the tree (not found, search, answer) show the sidebar's tree
 * kept per revision and base path (`reader/reader-trees.ts`), through real HTTP: a second such
 * page, at any path or with any query, makes and renders no tree (counted by the kept trees' own
 * counters), shows the same tree as a page does, and still shows each visitor the sections their
 * own conditions show (made from each visit, never kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerTreesOf } from '../../src/reader/reader-trees';
import { startTestServer, type TestServer } from '../support/test-server';
import { getPage, type ReaderFixture, readerFixture } from './reader-fixture';

let server: TestServer;
let f: ReaderFixture;
beforeAll(async () => {
  server = await startTestServer();
  f = await readerFixture(server);
});
afterAll(() => server.close());

/** The sidebar's tree of an answer: from the nav's first list to the nav's end. */
const treeOf = (html: string): string => {
  const nav = /<nav class="sidebar" aria-label="Pages">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return nav.slice(nav.indexOf('<ul>'));
};

describe('the not-found, search and answer pages', () => {
  it('make and render the tree once for every path and query of a site space', async () => {
    const trees = readerTreesOf(server.services);
    const first = await getPage(server, `${f.base}no/such/page`);
    expect(first.status).toBe(404);
    const { made, rendered } = trees.counts;
    const answers = [
      await getPage(server, `${f.base}another/missing-${'x'.repeat(40)}`),
      await getPage(server, `${f.base}missing-again`),
      await getPage(server, `${f.base}?q=install`),
      await getPage(server, `${f.base}guides/?q=block`),
      await getPage(server, `${f.base}?ask=${encodeURIComponent('How do I install?')}`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 200, 200, 200]);
    expect(trees.counts).toEqual({ made, rendered });
    // The same tree as the not-found page's, each answer its own path or query.
    for (const answer of answers) expect(treeOf(answer.body)).toBe(treeOf(first.body));
    expect(treeOf(first.body)).toContain(`<a href="${f.base}guides/every-block">Every block</a>`);
    expect(answers[0]?.body).toContain(`missing-${'x'.repeat(40)}`);
    expect(answers[2]?.body).toContain('<q>install</q>');
  });

  it('show each visitor the sections their conditions show, the tree kept for all of them', async () => {
    const sections = (await f.admin('GET', `${f.site}/sections`)).items as Array<{
      id: string;
      title: string;
    }>;
    const api = sections.find((section) => section.title === 'API');
    if (!api) throw new Error('no API section');
    await f.admin('PUT', `${f.site}/adaptive-schema`, {
      jsonSchema: {
        type: 'object',
        properties: {
          unsigned: { type: 'object', properties: { pro: { type: 'boolean' } }, additionalProperties: false },
        },
        additionalProperties: false,
      },
    });
    await f.admin('PATCH', `${f.site}/sections/${api.id}`, {
      condition: 'visitor.claims.unsigned.pro == true',
    });
    await f.admin('POST', `${f.site}/publish`);
    try {
      const apiLink = `<a href="${f.base}api/">API</a>`;
      const anonymous = await getPage(server, `${f.base}missing-one`);
      const pro = await getPage(server, `${f.base}missing-two?visitor.pro=true`);
      const anonymousAgain = await getPage(server, `${f.base}?q=install`);
      expect(anonymous.body).not.toContain(apiLink);
      expect(pro.body).toContain(apiLink);
      expect(anonymousAgain.body).not.toContain(apiLink);
      expect(treeOf(pro.body)).toBe(treeOf(anonymous.body));
    } finally {
      await f.admin('PATCH', `${f.site}/sections/${api.id}`, { condition: null });
      await f.admin('POST', `${f.site}/publish`);
    }
  });
});
