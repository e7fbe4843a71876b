/**
 * The lookup as GitBook's renderer makes it (issue 28, item 10; docs/publishing.md): the
 * renderer never sends a URL's query, and it looks a URL up by shorter forms too — the bare
 * host and the path's first one to four segments — all at once, keeping the answer of the
 * longest form, or of any shorter one whose answer is `complete`, and adding the segments it
 * left out to the answer's `pathname`. Every published URL Quire writes for a site behind a
 * proxy must then land on its own site space and page, whichever answer the renderer keeps:
 * the site spaces of every section, a page under each, and a share link's URLs (the key as
 * the first segment: a `?share=` would never reach Quire).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { type Json, type LookupFixture, lookup, lookupFixture } from './url-lookup-support';

let server: TestServer;
let f: LookupFixture;
beforeAll(async () => {
  server = await startTestServer();
  f = await lookupFixture(server);
  await f.admin('PATCH', f.site, { proxy: 'docs.example.com/handbook' });
});
afterAll(() => server.close());

interface Landing {
  siteSpace: string;
  pathname: string;
  shareKey?: string;
}

/**
 * Where the renderer lands for `url`: the answers it would keep (the longest form's, and any
 * complete one's), each with the left-out segments added to its pathname. All must agree.
 */
async function rendererLandings(url: string): Promise<Landing[]> {
  const target = new URL(url);
  const segments = target.pathname.split('/').filter((segment) => segment !== '');
  const forms = [{ path: '/', rest: segments }];
  for (let n = 1; n <= Math.min(4, segments.length); n++)
    forms.push({ path: `/${segments.slice(0, n).join('/')}`, rest: segments.slice(n) });
  const longest = forms[forms.length - 1];
  const landings: Landing[] = [];
  for (const form of forms) {
    const answer = await lookup(server, { url: `${target.origin}${form.path}` });
    if (answer.status !== 200 || 'redirect' in answer.body) continue;
    const body: Json = answer.body;
    if (form !== longest && body.complete !== true) continue;
    landings.push({
      siteSpace: body.siteSpace,
      pathname: [body.pathname, ...form.rest].filter((part: string) => part !== '').join('/'),
      ...(body.shareKey === undefined ? {} : { shareKey: body.shareKey }),
    });
  }
  return landings;
}

async function expectLanding(url: string, expected: Landing): Promise<void> {
  const landings = await rendererLandings(url);
  expect(landings.length, url).toBeGreaterThan(0);
  for (const landing of landings) expect(landing, url).toEqual(expected);
}

/** Every site space of the published structure with its URL, as the visitor is shown them. */
async function publishedSiteSpaces(shareKey?: string): Promise<Array<{ id: string; url: string }>> {
  const query = shareKey === undefined ? '' : `?shareKey=${shareKey}`;
  const structure = await f.admin('GET', `${f.site}/structure${query}`);
  return structure.structure.flatMap((section: Json) =>
    section.siteSpaces.map((siteSpace: Json) => ({ id: siteSpace.id, url: siteSpace.urls.published })),
  );
}

describe("GitBook's renderer's lookup of Quire's published URLs", () => {
  it('lands every site space of every section, and a page of it, on that site space and page', async () => {
    const siteSpaces = (await publishedSiteSpaces()).filter(({ id }) => id !== f.siteSpaces.beta);
    expect(siteSpaces.map(({ id }) => id).sort()).toEqual(
      [f.siteSpaces.docs, f.siteSpaces.api, f.siteSpaces.v2].sort(),
    );
    for (const { id, url } of siteSpaces) {
      expect(url.startsWith('https://docs.example.com/handbook/'), url).toBe(true);
      await expectLanding(url, { siteSpace: id, pathname: '' });
      await expectLanding(`${url}guide/install`, { siteSpace: id, pathname: 'guide/install' });
    }
  });

  it("lands a share link's URLs, the key as the first segment, with the key", async () => {
    await f.admin('PATCH', f.site, { visibility: 'share-link' });
    try {
      const link = await f.admin('POST', `${f.site}/share-links`, { name: 'Renderer' }, 201);
      const key = link.urls.published.slice('https://docs.example.com/handbook/'.length, -1);
      await expectLanding(link.urls.published, { siteSpace: f.siteSpaces.docs, pathname: '', shareKey: key });
      const v2 = (await publishedSiteSpaces(key)).find(({ id }) => id === f.siteSpaces.v2);
      expect(v2?.url).toBe(`https://docs.example.com/handbook/${key}/api/v2/`);
      await expectLanding(`${v2?.url}guide`, {
        siteSpace: f.siteSpaces.v2,
        pathname: 'guide',
        shareKey: key,
      });
      // The renderer drops a query: without the key in the path, nothing of the site is shown.
      expect(await rendererLandings('https://docs.example.com/handbook/api/v2/guide')).toEqual([]);
    } finally {
      await f.admin('PATCH', f.site, { visibility: 'public' });
    }
  });
});
