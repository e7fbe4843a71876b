/**
 * The reader's search page when the site's search refuses a visitor's claims for now, through real
 * HTTP: visitors choosing their unsigned claims (`visitor.*`) make the site build an index per set
 * of conditions that hold, at most `MAX_CONDITION_VIEW_BUILDS` new sets a minute
 * (`search/condition-views.ts`); past them the search page is a 429 with `Retry-After` saying when
 * to try again (not a failure, no results of another view), the suggestions a 429, and a minute
 * on the same visitor finds exactly what their claims open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { getPage, type ReaderFixture, readerFixture } from './reader-fixture';

let server: TestServer;
let f: ReaderFixture;
const flags = ['d1', 'd2', 'd3', 'd4'];
const words = ['ermengarde', 'fulbert', 'gislebert', 'hildegarde'];
beforeAll(async () => {
  server = await startTestServer();
  f = await readerFixture(server);
  await f.admin('PUT', `${f.site}/adaptive-schema`, {
    jsonSchema: {
      type: 'object',
      properties: {
        unsigned: {
          type: 'object',
          properties: Object.fromEntries(flags.map((flag) => [flag, { type: 'boolean' }])),
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    },
  });
  const markdown = flags
    .map((flag, i) => `{% if visitor.claims.unsigned.${flag} == true %}\nShown ${words[i]}.\n{% endif %}\n`)
    .join('\n');
  await f.admin('POST', `/v1/spaces/${f.spaces.docs}/content`, {
    changes: [
      { operation: 'insert_page', title: 'Switches', document: { markdown: `Switches.\n\n${markdown}` } },
    ],
  });
  await f.admin('POST', `${f.site}/publish`);
});
afterAll(() => server.close());

/** The query string of a set of claims: set `n` (1 to 15) holds the flags of its bits. */
const claimsOf = (n: number): string =>
  flags.flatMap((flag, i) => (n & (1 << i) ? [`visitor.${flag}=true`] : [])).join('&');

describe("the search page past the site's builds of new visitor claims", () => {
  it('is a 429 saying when to try again, then finds what the claims open', async () => {
    for (let n = 1; n <= 8; n++) {
      const page = await getPage(server, `${f.base}?q=switches&${claimsOf(n)}`);
      expect(page.status, `set ${n}`).toBe(200);
      expect(page.body).toContain('Switches');
    }
    const busy = await getPage(server, `${f.base}?q=switches&${claimsOf(9)}`);
    expect(busy.status).toBe(429);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    expect(busy.body).toContain('The search is busy just now');
    expect(busy.body).not.toContain('Nothing matches');
    expect(busy.body).toContain('<nav class="sidebar"');
    const suggestions = await getPage(server, `${f.base}~reader/search?q=switches&${claimsOf(9)}`, {
      accept: 'application/json',
    });
    expect(suggestions.status).toBe(429);
    // The plain view, and a set kept, are answered as ever.
    expect((await getPage(server, `${f.base}?q=switches`)).status).toBe(200);
    expect((await getPage(server, `${f.base}?q=switches&${claimsOf(8)}`)).status).toBe(200);
    server.clock.advance(60_000);
    // Set 9 holds d1 and d4: it finds their words, not the others'.
    for (const [i, word] of words.entries()) {
      const found = await getPage(server, `${f.base}?q=${word}&${claimsOf(9)}`);
      expect(found.status, word).toBe(200);
      expect(found.body.includes('Nothing matches'), word).toBe(!(9 & (1 << i)));
    }
  });
});
