/**
 * The render key of a reader's page names the visitor only by the conditions the page reads
 * (`render-cache/page-conditions.ts`), through real HTTP: `visitor.*` parameters that no
 * condition reads answer the page from the cache (one render, counted by the render cache's
 * own counters), and a page with an `if` block still shows each visitor their branch, one
 * render per outcome of its condition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCacheOf } from '../../src/reader/render-cache';
import { startTestServer, type TestServer } from '../support/test-server';
import { getPage, type ReaderFixture, readerFixture } from './reader-fixture';

let server: TestServer;
let f: ReaderFixture;
beforeAll(async () => {
  server = await startTestServer();
  f = await readerFixture(server);
  await f.admin('POST', `/v1/spaces/${f.spaces.docs}/content`, {
    changes: [
      {
        operation: 'insert_page',
        title: 'Plain',
        document: { markdown: 'Nothing here depends on who reads it.\n' },
      },
      {
        operation: 'insert_page',
        title: 'Plans',
        document: {
          markdown: [
            'For everyone.',
            '',
            '{% if visitor.claims.unsigned.plan == "pro" %}',
            'Pro only.',
            '{% endif %}',
            '',
          ].join('\n'),
        },
      },
    ],
  });
});
afterAll(() => server.close());

/** What the render cache stored (one per render) and answered, since the last call. */
function rendersSince(): () => { stored: number; hits: number } {
  const cache = renderCacheOf(server.services);
  const before = cache.counts;
  return () => ({
    stored: cache.counts.stored - before.stored,
    hits: cache.counts.hits - before.hits,
  });
}

describe('visitor claims no condition reads', () => {
  it('make no new render: the page is answered from the cache, with the same ETag', async () => {
    const counted = rendersSince();
    const first = await getPage(server, `${f.base}plain`);
    expect(first.status, first.body.slice(0, 300)).toBe(200);
    expect(first.body).toContain('Nothing here depends on who reads it.');
    const etags = new Set([first.headers.etag]);
    for (const query of [
      'visitor.x=1',
      'visitor.x=2',
      'visitor.x=3&visitor.deep.path=abc',
      'visitor.plan=pro',
    ]) {
      const again = await getPage(server, `${f.base}plain?${query}`);
      expect(again.status, query).toBe(200);
      expect(again.body, query).toContain('Nothing here depends on who reads it.');
      etags.add(again.headers.etag);
    }
    expect(counted()).toEqual({ stored: 1, hits: 4 });
    expect(etags.size).toBe(1);
  });

  it('make no new render of the every-block page (its if block reads a signed claim only)', async () => {
    const counted = rendersSince();
    await getPage(server, `${f.base}guides/every-block`);
    const before = counted().stored;
    await getPage(server, `${f.base}guides/every-block?visitor.x=1`);
    await getPage(server, `${f.base}guides/every-block?visitor.x=2`);
    expect(counted().stored).toBe(before);
  });
});

describe('an adaptive page', () => {
  it("shows each visitor their branch, rendered once per outcome of the page's condition", async () => {
    const counted = rendersSince();
    const pro = await getPage(server, `${f.base}plans?visitor.plan=pro`);
    expect(pro.status, pro.body.slice(0, 300)).toBe(200);
    expect(pro.body).toContain('For everyone.');
    expect(pro.body).toContain('Pro only.');
    const free = await getPage(server, `${f.base}plans?visitor.plan=free`);
    expect(free.body).toContain('For everyone.');
    expect(free.body).not.toContain('Pro only.');
    expect(free.headers.etag).not.toBe(pro.headers.etag);
    expect(counted().stored).toBe(2);

    // Other claims failing the condition, or unread ones beside it: the same two outputs.
    const anonymous = await getPage(server, `${f.base}plans`);
    expect(anonymous.body).not.toContain('Pro only.');
    const basic = await getPage(server, `${f.base}plans?visitor.plan=basic&visitor.x=1`);
    expect(basic.body).not.toContain('Pro only.');
    const proAgain = await getPage(server, `${f.base}plans?visitor.plan=pro&visitor.x=2`);
    expect(proAgain.body).toContain('Pro only.');
    expect(proAgain.headers.etag).toBe(pro.headers.etag);
    expect(basic.headers.etag).toBe(free.headers.etag);
    expect(counted()).toEqual({ stored: 2, hits: 3 });
  });
});

describe("a page's markdown and llms-full.txt", () => {
  it('make no new render for unread claims, and one per outcome of the conditions they read', async () => {
    const counted = rendersSince();
    for (const query of ['', '?visitor.x=1', '?visitor.x=2']) {
      const plain = await getPage(server, `${f.base}plain.md${query}`, { accept: 'text/markdown' });
      expect(plain.status, plain.body.slice(0, 300)).toBe(200);
      expect(plain.body).toContain('Nothing here depends on who reads it.');
    }
    expect(counted()).toEqual({ stored: 1, hits: 2 });

    const pro = await getPage(server, `${f.base}plans.md?visitor.plan=pro`);
    expect(pro.body).toContain('Pro only.');
    const free = await getPage(server, `${f.base}plans.md?visitor.plan=free&visitor.x=1`);
    expect(free.body).toContain('For everyone.');
    expect(free.body).not.toContain('Pro only.');
    const proAgain = await getPage(server, `${f.base}plans.md?visitor.plan=pro&visitor.y=2`);
    expect(proAgain.body).toContain('Pro only.');
    const anonymous = await getPage(server, `${f.base}plans.md?visitor.x=3`);
    expect(anonymous.body).not.toContain('Pro only.');
    expect(counted()).toEqual({ stored: 3, hits: 4 });

    const fullPro = await getPage(server, `${f.base}llms-full.txt?visitor.plan=pro`);
    expect(fullPro.status, fullPro.body.slice(0, 300)).toBe(200);
    expect(fullPro.body).toContain('Pro only.');
    const fullOther = await getPage(server, `${f.base}llms-full.txt?visitor.x=9`);
    expect(fullOther.body).not.toContain('Pro only.');
    await getPage(server, `${f.base}llms-full.txt?visitor.x=10`);
    expect(counted()).toEqual({ stored: 5, hits: 5 });
  });
});
