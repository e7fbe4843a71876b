/**
 * The reader's visitors and machine formats through real HTTP (issue 29, items 4, 5 and 7):
 * each visibility with and without credentials (public, unlisted, share-link with, without and
 * with a deactivated key, visitor-auth with a valid, forged and expired token and the fallback
 * redirect, unpublished), the cookies that keep a credential and their flags, two visitors
 * with different claims reading different sections and blocks, the contents of llms.txt,
 * llms-full.txt, a page's markdown, sitemap.xml and robots.txt, the head tags, ETags and 304s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmsFullTxt } from '../../src/reader/machine-formats/llms-full-txt';
import { openReaderVisit } from '../../src/reader/reader-visit';
import { visitorToken } from '../sites/site-access-support';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  BETA_TEXT,
  cookiePair,
  FALLBACK,
  HIDDEN_TEXT,
  PRO_TEXT,
  type ReaderFixture,
  read,
  readerFixture,
} from './reader-machine-support';

let server: TestServer;
let f: ReaderFixture;
beforeAll(async () => {
  server = await startTestServer();
  f = await readerFixture(server);
});
afterAll(() => server.close());

const site = (basename: string, rest = '') => `${f.sites}${basename}/${rest}`;
const absolute = (basename: string, rest = '') =>
  `${server.services.urls.sites ?? server.services.urls.app}${site(basename, rest)}`;

describe('a public site for machines', () => {
  it("lists the visitor's pages in llms.txt, each linked to its markdown, hidden pages and hidden sections left out", async () => {
    const response = await read(server, site('pub', 'llms.txt'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.text).toContain('# Handbook\n');
    expect(response.text).toContain(`- [Guide](${absolute('pub', 'guide.md')}): How to start.`);
    expect(response.text).toContain(`- [Install](${absolute('pub', 'guide/install.md')})`);
    expect(response.text).not.toContain('Hidden');
    expect(response.text).not.toContain('Preview');
  });

  it('gives a page as markdown at .md and for Accept: text/markdown, without the blocks its visitor may not read', async () => {
    const md = await read(server, site('pub', 'guide.md'));
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.text).toMatch(/^# Guide\n\nHow to start\.\n\nStart here\./);
    expect(md.text).not.toContain(PRO_TEXT);
    const accepted = await read(server, site('pub', 'guide'), { accept: 'text/markdown, text/html;q=0.5' });
    expect(accepted.status).toBe(200);
    expect(accepted.text).toBe(md.text);
    expect(accepted.headers.get('vary')).toContain('Accept');
    const hidden = await read(server, site('pub', 'hidden.md'));
    expect(hidden.status, 'a hidden page is read by whoever has its address').toBe(200);
    expect(hidden.text).toContain(HIDDEN_TEXT);
  });

  it('shows two visitors with different claims different blocks and sections, in every format', async () => {
    // Unsigned claims from visitor.* parameters: the pro block appears, and a cookie keeps them.
    const pro = await read(server, site('pub', 'guide.md?visitor.plan=pro'));
    expect(pro.text).toContain(PRO_TEXT);
    const claimsCookie = pro.cookies.find((cookie) => cookie.startsWith('gitbook-visitor-public='));
    expect(claimsCookie).toBeDefined();
    expect(claimsCookie).toContain('HttpOnly');
    expect(claimsCookie).toContain(`Path=${site('pub')}`);
    const again = await read(server, site('pub', 'guide.md'), { cookie: cookiePair(claimsCookie as string) });
    expect(again.text).toContain(PRO_TEXT);
    // GitBook's cookie, as its renderer reads it.
    const fromGitbookCookie = await read(server, site('pub', 'llms-full.txt'), {
      cookie: `gitbook-visitor-public-plan=${encodeURIComponent(JSON.stringify({ plan: 'pro' }))}`,
    });
    expect(fromGitbookCookie.text).toContain(PRO_TEXT);

    // A signed claim opens the Beta section: in llms.txt, llms-full.txt and the sitemap.
    const beta = await visitorToken(f.pubKey, { beta: true });
    const anonymousFull = await read(server, site('pub', 'llms-full.txt'));
    expect(anonymousFull.text).toContain('Start here.');
    expect(anonymousFull.text).not.toContain(BETA_TEXT);
    expect(anonymousFull.text).not.toContain(PRO_TEXT);
    expect(anonymousFull.text).not.toContain(HIDDEN_TEXT);
    const betaFull = await read(server, site('pub', `llms-full.txt?jwt_token=${beta}`));
    expect(betaFull.text).toContain(BETA_TEXT);
    const betaList = await read(server, site('pub', `llms.txt?jwt_token=${beta}`));
    expect(betaList.text).toContain('## Beta');
    expect(betaList.text).toContain(`[Preview](${absolute('pub', 'beta/preview.md')})`);
    const anonymousMap = await read(server, site('pub', 'sitemap.xml'));
    expect(anonymousMap.text).not.toContain('preview');
    const betaMap = await read(server, site('pub', `sitemap.xml?jwt_token=${beta}`));
    expect(betaMap.text).toContain(`<loc>${absolute('pub', 'beta/preview')}</loc>`);
    expect(betaMap.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('stops llms-full.txt before the page that would pass its bound, and says how many pages it holds', async () => {
    const visit = await openReaderVisit(server.services, {
      url: absolute('pub', 'llms-full.txt'),
      redirectOnError: false,
    });
    if (visit.kind !== 'visit') throw new Error(`no visit: ${visit.kind}`);
    const whole = await llmsFullTxt(visit);
    expect(whole).not.toContain('This file stops here');
    const cut = await llmsFullTxt(visit, undefined, 50);
    expect(cut).toMatch(/^# Guide\n[\s\S]*This file stops here: it holds 1 of \d+ pages/);
    expect(cut).not.toContain('# Install');
    expect(cut).toContain(`listed in ${absolute('pub', 'llms.txt')}`);
  });

  it('has a sitemap of canonical addresses and a robots.txt that names it', async () => {
    const map = await read(server, site('pub', 'sitemap.xml'));
    expect(map.status).toBe(200);
    expect(map.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(map.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(map.text).toContain(`<loc>${absolute('pub', 'guide')}</loc>`);
    expect(map.text).toContain(`<loc>${absolute('pub', 'guide/install')}</loc>`);
    expect(map.text).not.toContain('hidden');
    const robots = await read(server, site('pub', 'robots.txt'));
    expect(robots.text).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${absolute('pub', 'sitemap.xml')}\n`);
  });

  it('answers with a strong ETag, 304 when the client holds it, public caching for anonymous visitors only', async () => {
    const first = await read(server, site('pub', 'guide.md'));
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(first.headers.get('x-robots-tag')).toBeNull();
    const held = await read(server, site('pub', 'guide.md'), { 'if-none-match': etag as string });
    expect(held.status).toBe(304);
    expect(held.text).toBe('');
    expect(held.headers.get('etag')).toBe(etag);
    const other = await read(server, site('pub', 'guide.md'), { 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
    const personal = await read(server, site('pub', 'guide.md?visitor.plan=pro'));
    expect(personal.headers.get('cache-control')).toBe('private, no-cache');
    expect(personal.headers.get('etag')).not.toBe(etag);
  });

  it('makes a new ETag when the content changes (a new revision), never by time', async () => {
    const before = await read(server, site('pub', 'llms.txt'));
    const docs = (await f.admin('GET', `/v1/orgs/${f.org.organization.id}/spaces`)).items.find(
      (space: { title: string }) => space.title === 'Docs',
    );
    await f.admin('POST', `/v1/spaces/${docs.id}/content`, {
      changes: [{ operation: 'insert_page', title: 'Changelog', document: { markdown: 'New.\n' } }],
    });
    const after = await read(server, site('pub', 'llms.txt'), {
      'if-none-match': before.headers.get('etag') as string,
    });
    expect(after.status).toBe(200);
    expect(after.text).toContain('[Changelog]');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it("gives a page's head its canonical address, Open Graph and Twitter tags and its markdown alternate", async () => {
    const page = await read(server, site('pub', 'guide'));
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<link rel="canonical" href="${absolute('pub', 'guide')}"/>`);
    expect(page.text).toContain('<meta property="og:title" content="Guide"/>');
    expect(page.text).toContain('<meta property="og:description" content="How to start."/>');
    expect(page.text).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(page.text).toContain(
      `<meta property="og:image" content="${absolute('pub', '~social/guide.png')}"/>`,
    );
    expect(page.text).toContain(
      `<link rel="alternate" href="${absolute('pub', 'guide.md')}" type="text/markdown"/>`,
    );
    expect(page.text).not.toContain('noindex');
  });
});

describe("a page's social image", () => {
  it('is a 1200x630 PNG of the page, cached with its ETag, and none for a page the visitor is not shown', async () => {
    const image = await fetch(`${server.url}${site('pub', '~social/guide/install.png')}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    const etag = image.headers.get('etag') as string;
    expect(
      (await read(server, site('pub', '~social/guide/install.png'), { 'if-none-match': etag })).status,
    ).toBe(304);
    expect((await read(server, site('pub', 'beta/~social/preview.png'))).status).toBe(404);
    expect((await read(server, site('pub', '~social/no-such-page.png'))).status).toBe(404);
  });
});

describe('an unlisted site', () => {
  it('is read by anyone but indexed by nobody: noindex, private caching, no sitemap, robots closed', async () => {
    const md = await read(server, site('unl', 'guide.md'));
    expect(md.status).toBe(200);
    expect(md.headers.get('x-robots-tag')).toBe('noindex');
    expect(md.headers.get('cache-control')).toBe('private, no-cache');
    expect((await read(server, site('unl', 'sitemap.xml'))).status).toBe(404);
    expect((await read(server, site('unl', 'robots.txt'))).text).toBe('User-agent: *\nDisallow: /\n');
    const page = await read(server, site('unl', 'guide'));
    expect(page.text).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('a share-link site', () => {
  it('is not found without a key, asks for it once, then keeps it in a path-scoped HttpOnly cookie', async () => {
    expect((await read(server, site('shr', 'guide.md'))).status).toBe(404);
    expect((await read(server, site('shr', 'llms.txt'))).status).toBe(404);
    const keyed = await read(server, site('shr', `guide.md?share=${f.shareKey}`));
    expect(keyed.status).toBe(200);
    expect(keyed.text).toContain('Start here.');
    const cookie = keyed.cookies.find((value) => value.startsWith('quire-share-key='));
    expect(cookie).toBeDefined();
    const attributes = (cookie as string).split('; ').slice(1);
    expect(attributes).toEqual(
      expect.arrayContaining([
        `Path=${site('shr')}`,
        'HttpOnly',
        'SameSite=Lax',
        expect.stringMatching(/^Max-Age=\d+$/),
      ]),
    );
    expect(attributes).not.toContain('Secure');
    const withCookie = await read(server, site('shr', 'guide/install.md'), {
      cookie: cookiePair(cookie as string),
    });
    expect(withCookie.status).toBe(200);
    expect(withCookie.text).toContain('Install it.');
    expect(withCookie.headers.get('cache-control')).toBe('private, no-cache');
    expect(withCookie.headers.get('x-robots-tag')).toBe('noindex');
    // GitBook's form: the key as the first segment.
    const pathForm = await read(server, site('shr', `${f.shareKey}/guide.md`));
    expect(pathForm.status).toBe(200);
    expect(pathForm.cookies.find((value) => value.startsWith('quire-share-key='))).toContain(
      `Path=${site('shr')};`,
    );
    // A machine keeps no cookie: the links of llms.txt carry the key as it came.
    const list = await read(server, site('shr', `llms.txt?share=${f.shareKey}`));
    expect(list.text).toContain(`(${absolute('shr', `guide/install.md?share=${f.shareKey}`)})`);
    const pathList = await read(server, site('shr', `${f.shareKey}/llms.txt`));
    expect(pathList.text).toContain(`(${absolute('shr', `${f.shareKey}/guide/install.md`)})`);
    // A wrong key: nothing.
    expect((await read(server, site('shr', 'guide.md?share=not-a-key'))).status).toBe(404);
    expect((await read(server, site('shr', 'sitemap.xml?share=' + f.shareKey))).status).toBe(404);
  });

  it('refuses a deactivated key, from the URL or the cookie, and clears the cookie', async () => {
    const keyed = await read(server, site('shr', `guide.md?share=${f.shareKey}`));
    const cookie = cookiePair(keyed.cookies.find((value) => value.startsWith('quire-share-key=')) as string);
    await f.admin('PATCH', f.shareLinkPath, { active: false });
    try {
      expect((await read(server, site('shr', `guide.md?share=${f.shareKey}`))).status).toBe(404);
      const refused = await read(server, site('shr', 'guide.md'), { cookie });
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain('Start here.');
      expect(refused.cookies).toContain(
        `quire-share-key=; Path=${site('shr')}; Max-Age=0; HttpOnly; SameSite=Lax`,
      );
    } finally {
      await f.admin('PATCH', f.shareLinkPath, { active: true });
    }
  });
});

describe('a visitor-auth site', () => {
  it('sends a visitor without a token to its fallback URL', async () => {
    const response = await read(server, site('va', 'guide.md'));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(FALLBACK);
    expect(location.searchParams.get('location')).toBe('guide.md');
  });

  it('takes jwt_token once and keeps it in a cookie that lives as long as the token', async () => {
    const token = await visitorToken(f.vaKey, { plan: 'team' });
    const first = await read(server, site('va', `guide.md?jwt_token=${token}`));
    expect(first.status).toBe(200);
    const cookie = first.cookies.find((value) => value.startsWith('quire-visitor-token=')) as string;
    expect(cookie).toMatch(/; Max-Age=(3[0-5]\d\d|3600); HttpOnly; SameSite=Lax$/);
    expect(cookie).toContain(`Path=${site('va')}`);
    const next = await read(server, site('va', 'llms.txt'), { cookie: cookiePair(cookie) });
    expect(next.status).toBe(200);
    expect(next.text).toContain(`[Install](${absolute('va', 'guide/install.md')})`);
    expect(next.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('refuses a forged or expired token from the URL (404), and sends a stale cookie back to sign in', async () => {
    const forged = await visitorToken('not-the-site-key', {});
    expect((await read(server, site('va', `guide.md?jwt_token=${forged}`))).status).toBe(404);
    const expired = await visitorToken(f.vaKey, {}, { expiredSecondsAgo: 60 });
    const refused = await read(server, site('va', `guide.md?jwt_token=${expired}`));
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain('Start here.');
    const staleCookie = `quire-visitor-token=${encodeURIComponent(JSON.stringify({ path: site('va'), value: expired }))}`;
    const stale = await read(server, site('va', 'guide.md'), { cookie: staleCookie });
    expect(stale.status).toBe(302);
    expect(stale.headers.get('location')).toContain(FALLBACK);
    expect(stale.cookies).toContain(
      `quire-visitor-token=; Path=${site('va')}; Max-Age=0; HttpOnly; SameSite=Lax`,
    );
  });
});

describe('bad input', () => {
  it('answers traversal and encoded separators in a page path 404, with nothing of the site', async () => {
    for (const path of [
      '..%2F..%2Fguide.md',
      'guide%2Finstall.md',
      '%2e%2e/guide.md',
      'guide/..%5Cinstall.md',
    ]) {
      const response = await read(server, site('pub', path));
      expect(response.status, path).toBe(404);
      expect(response.text, path).not.toContain('Start here.');
    }
  });

  it('serves markdown as text a browser never sniffs into a page', async () => {
    const md = await read(server, site('pub', 'guide.md'));
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('ignores unsigned claims past their bounds and cookies that are not ours, reading the page as anonymous', async () => {
    const deep = encodeURIComponent(JSON.stringify({ a: { b: { c: { d: { e: { f: 'pro' } } } } } }));
    const response = await read(server, site('pub', `guide.md?visitor.plan=${deep}`), {
      cookie: 'quire-share-key=%7Bnot-json; quire-visitor-token=garbage; gitbook-visitor-public=[1,2',
    });
    expect(response.status).toBe(200);
    expect(response.text).not.toContain(PRO_TEXT);
  });
});

describe('a site nobody may read', () => {
  it('answers an unpublished site 404 in every format, and robots.txt closed as for any unseen site', async () => {
    for (const path of ['guide.md', 'llms.txt', 'llms-full.txt', 'sitemap.xml', 'guide']) {
      const response = await read(server, site('draft', path));
      expect(response.status, path).toBe(404);
      expect(response.text, path).not.toContain('Start here.');
    }
    for (const name of ['draft', 'no-such-site']) {
      const robots = await read(server, site(name, 'robots.txt'));
      expect(robots.status).toBe(200);
      expect(robots.text).toBe('User-agent: *\nDisallow: /\n');
    }
  });
});
