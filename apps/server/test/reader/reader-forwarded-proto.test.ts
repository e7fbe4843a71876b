/**
 * A custom hostname's (or a proxy's) outputs behind a proxy Quire trusts (`QUIRE_TRUST_PROXY`),
 * through real HTTP: `X-Forwarded-Proto` (http, https, or none) makes no second spelling of an
 * output. The site's host names the scheme (`https`, as its published address does,
 * `sitePublishedBase`): one render, one ETag, its absolute links on `https://`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCacheOf } from '../../src/reader/render-cache';
import { startTestServer, type TestServer } from '../support/test-server';
import { getPage, type ReaderFixture, readerFixture } from './reader-fixture';

let server: TestServer;
let f: ReaderFixture;
beforeAll(async () => {
  server = await startTestServer({ QUIRE_TRUST_PROXY: 'true' });
  f = await readerFixture(server);
});
afterAll(() => server.close());

const host = 'docs.proto-test.com';

describe("a custom hostname's outputs under X-Forwarded-Proto", () => {
  it('are one spelling: the same ETag, one render, links on https', async () => {
    await f.admin('PUT', `/v1/custom-hostnames/${host}`, { target: { type: 'site', site: f.siteId } });
    const cache = renderCacheOf(server.services);
    const first = await getPage(server, '/guides/every-block', { host, 'x-forwarded-proto': 'https' });
    expect(first.status, first.body.slice(0, 300)).toBe(200);
    const stored = cache.counts.stored;
    for (const proto of ['http', 'https', undefined]) {
      const headers: Record<string, string> =
        proto === undefined ? { host } : { host, 'x-forwarded-proto': proto };
      const page = await getPage(server, '/guides/every-block', headers);
      expect(page.status, proto).toBe(200);
      expect(page.headers.etag, proto).toBe(first.headers.etag);
      expect(page.body, proto).not.toContain(`http://${host}`);
      const llms = await getPage(server, '/llms.txt', headers);
      expect(llms.body, proto).toContain(`(https://${host}/guides/every-block.md)`);
      expect(llms.body, proto).not.toContain(`http://${host}`);
    }
    // The page rendered once; llms.txt once (its first spelling), none again.
    expect(cache.counts.stored - stored).toBe(1);
  });
});
