/**
 * Quire's reader through real HTTP (issue 29, items 1 to 3): a published site at its own
 * address, its sections and site spaces at their paths, every block of a page rendered and
 * well-formed, the assets, the not-found page (404, with the search box), a moved page's
 * redirect, the custom hostname, and what a visitor may not see (an unpublished site, a site
 * that does not exist: the same 404).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlProblems } from '../../../../packages/reader/test/support/well-formed';
import { storeFilesInSpace } from '../support/stored-file';
import { startTestServer, type TestServer } from '../support/test-server';
import { getPage, postPage, type ReaderFixture, readerFixture } from './reader-fixture';

let server: TestServer;
let f: ReaderFixture;
/** The server's log at warning level: a page answered twice shows there (see the last test). */
const warnings: string[] = [];
beforeAll(async () => {
  const log = new Writable({
    write(line, _encoding, callback) {
      warnings.push(String(line));
      callback();
    },
  });
  server = await startTestServer({}, { logger: { level: 'warn', stream: log } });
  f = await readerFixture(server);
});
afterAll(() => server.close());

describe("a published site at Quire's own address", () => {
  it('opens at its first page, with the sections, variants, page tree and assets', async () => {
    const home = await getPage(server, f.base);
    expect(home.status, home.body.slice(0, 500)).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(htmlProblems(home.body)).toEqual([]);
    expect(home.body).toContain('<h1>Introduction</h1>');
    expect(home.body).toContain('Welcome to the handbook.');
    expect(home.body).toContain(`<a href="${f.base}api/">API</a>`);
    expect(home.body).toContain(`<a href="${f.base}v1/">API</a>`);
    expect(home.body).toContain('<span class="tree-group-title">Guides</span>');
    expect(home.body).toContain(`<a href="${f.base}guides/every-block">Every block</a>`);
    expect(home.body).toContain('<a href="https://status.example.com/">Status</a>');
    expect(home.body).toContain('rel="next"');

    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(home.body)?.[1];
    const script = /<script src="([^"]+)"/.exec(home.body)?.[1];
    for (const asset of [css, script]) {
      expect(asset).toBeDefined();
      const answer = await getPage(server, asset ?? '');
      expect(answer.status, asset).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await getPage(server, '/~reader/reader.nothing.css')).status).toBe(404);
  });

  it('renders a page of every block, its links rewritten to the site', async () => {
    const page = await getPage(server, `${f.base}guides/every-block`);
    expect(page.status).toBe(200);
    expect(htmlProblems(page.body)).toEqual([]);
    for (const fragment of [
      '<div class="hint hint-info" role="note">',
      '<div class="code-title">server.ts</div>',
      '<input type="radio" class="tab-radio"',
      '<ol class="stepper">',
      '<details class="expandable">',
      '<div class="columns">',
      '<div class="cards cards-medium">',
      '<a class="embed" href="https://www.youtube.com/watch?v=x"',
      '<div class="math-block" role="math"',
      '<div class="updates">',
      '<span class="method method-get">GET</span>',
      '<nav aria-label="On this page">',
      `<nav class="breadcrumbs" aria-label="Breadcrumbs">`,
      `<a href="${f.base}guides/every-block/install"`,
    ])
      expect(page.body, fragment).toContain(fragment);
    // An `if` block for visitors whose claims say plan == "pro": an anonymous reader has none.
    expect(page.body).not.toContain('Pro content.');
    expect(page.body).not.toMatch(/javascript:/i);
    expect([...page.body.matchAll(/<script\b/g)]).toHaveLength(1);
    expect(page.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await getPage(server, `${f.base}guides/every-block`, {
      'if-none-match': String(page.headers.etag),
    });
    expect(again.status).toBe(304);
  });

  it('serves a section and a site space at their paths, with their own pages', async () => {
    const section = await getPage(server, `${f.base}api/`);
    expect(section.status).toBe(200);
    expect(section.body).toContain('<h1>Reference</h1>');
    expect(section.body).toContain(`<a href="${f.base}api/" aria-current="true">API</a>`);
    const variant = await getPage(server, `${f.base}v1/reference`);
    expect(variant.status).toBe(200);
    expect(variant.body).toContain('<h1>Reference</h1>');
    expect(variant.body).toContain('<details class="variants">');
  });

  it("answers an unknown path with the site's own not-found page, 404, with the search box", async () => {
    const missing = await getPage(server, `${f.base}no/such/page`);
    expect(missing.status).toBe(404);
    expect(htmlProblems(missing.body)).toEqual([]);
    expect(missing.body).toContain('<h1>Page not found</h1>');
    expect(missing.body).toMatch(/<input type="search"[^>]*name="q"/);
    expect(missing.body).toContain('<span class="tree-group-title">Guides</span>');
  });

  it('answers the search box with the pages that match, linked at their site paths', async () => {
    const found = await getPage(server, `${f.base}?q=installer`);
    expect(found.status).toBe(200);
    expect(htmlProblems(found.body)).toEqual([]);
    expect(found.body).toContain('<h1>Search results</h1>');
    expect(found.body).toContain(`<a href="${f.base}guides/every-block/install">Install</a>`);
    const none = await getPage(server, `${f.base}?q=${encodeURIComponent('<script>zzzq')}`);
    expect(none.status).toBe(200);
    expect(none.body).toContain('Nothing matches <q>&lt;script&gt;zzzq</q>');
  });

  it('redirects the old path of a moved page to its new one', async () => {
    await f.admin('POST', `/v1/spaces/${f.spaces.docs}/content`, {
      changes: [{ operation: 'update_page', page: f.pages.intro, slug: 'welcome' }],
    });
    const moved = await getPage(server, `${f.base}introduction`);
    expect([301, 307, 308], moved.body).toContain(moved.status);
    const location = new URL(String(moved.headers.location));
    expect(location.pathname.startsWith(f.base), location.pathname).toBe(true);
    expect(location.pathname).toMatch(/\/welcome\/?$/);
    const followed = await getPage(server, location.pathname);
    expect(followed.status).toBe(200);
    expect(followed.body).toContain('<h1>Introduction</h1>');
  });
});

describe("the site's customization", () => {
  it("shows the site's title, colours, theme, header and footer, and a site space's own overrides", async () => {
    const current = await f.admin('GET', `${f.site}/customization`);
    await f.admin('PUT', `${f.site}/customization`, {
      ...current,
      title: 'The Handbook',
      styling: { ...current.styling, primaryColor: { light: '#AA3300', dark: '#FF9966' } },
      themes: { default: 'dark', toggeable: false },
      header: {
        ...current.header,
        links: [{ title: 'Blog', to: { kind: 'url', url: 'https://blog.example.com/' }, links: [] }],
      },
      footer: { ...current.footer, copyright: '© Handbook people' },
    });
    const structure = await f.admin('GET', `${f.site}/structure`);
    const v1 = structure.structure[0].siteSpaces.find(
      (siteSpace: { path: string }) => siteSpace.path === 'v1',
    );
    await f.admin('PATCH', `${f.site}/site-spaces/${v1.id}/customization`, {
      styling: { primaryColor: { light: '#006644', dark: '#66DDAA' } },
    });
    const page = await getPage(server, `${f.base}guides/every-block`);
    expect(page.body).toContain('<html lang="en" data-theme="dark"');
    expect(page.body).toContain('--primary:#AA3300');
    expect(page.body).toContain('<span>The Handbook</span>');
    expect(page.body).toContain('<a href="https://blog.example.com/">Blog</a>');
    expect(page.body).toContain('© Handbook people');
    expect(page.body).not.toContain('data-theme-switch');
    const variant = await getPage(server, `${f.base}v1/reference`);
    expect(variant.body).toContain('--primary:#006644');
    expect(variant.body).not.toContain('--primary:#AA3300');
  });
});

describe('who may read', () => {
  it('answers 404 for an unpublished site, as for a site that does not exist', async () => {
    const other = await f.admin('POST', `/v1/orgs/${f.org.organization.id}/sites`, { title: 'Draft' });
    await f.admin('PATCH', `/v1/orgs/${f.org.organization.id}/sites/${other.id}`, { basename: 'draft' });
    await f.admin('POST', `/v1/orgs/${f.org.organization.id}/sites/${other.id}/sections`, {
      spaceId: f.spaces.docs,
      title: 'Docs',
    });
    const unpublished = await getPage(server, `/~sites/${f.org.organization.id}/draft/`);
    const nowhere = await getPage(server, `/~sites/${f.org.organization.id}/nowhere/`);
    expect(unpublished.status).toBe(404);
    expect(nowhere.status).toBe(404);
    expect(unpublished.body).toBe(nowhere.body);
    expect(unpublished.body).not.toContain('Draft');
  });

  it('refuses traversal and encoded separators in a path', async () => {
    for (const path of [`${f.base}..%2F..%2Fv1`, `${f.base}a%2Fb`, `${f.base}%2e%2e/x`]) {
      const answer = await getPage(server, path);
      expect([400, 404], path).toContain(answer.status);
      expect(answer.body).not.toContain('"stack"');
    }
  });
});

describe("a proxy's path", () => {
  it("serves the site under the proxy's path when the request comes with the proxy's host", async () => {
    await f.admin('PATCH', f.site, { proxy: 'www.reader-proxy.com/docs' });
    try {
      const page = await getPage(server, '/docs/guides/every-block', { host: 'www.reader-proxy.com' });
      expect(page.status, page.body.slice(0, 300)).toBe(200);
      expect(page.body).toContain('<a href="/docs/guides/every-block/install">Install</a>');
      const css = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1] ?? '';
      expect(css.startsWith('/docs/~reader/')).toBe(true);
      expect((await getPage(server, css, { host: 'www.reader-proxy.com' })).status).toBe(200);
      // Outside the proxy's path, the host serves nothing of the site.
      expect((await getPage(server, '/elsewhere', { host: 'www.reader-proxy.com' })).body).not.toContain(
        'Handbook',
      );
    } finally {
      await f.admin('PATCH', f.site, { proxy: null });
    }
  });
});

describe('a custom hostname', () => {
  it("serves the site at the hostname's root when the request's Host names it", async () => {
    await f.admin('PUT', '/v1/custom-hostnames/docs.reader-test.com', {
      target: { type: 'site', site: f.siteId },
    });
    const home = await getPage(server, '/', { host: 'docs.reader-test.com' });
    expect(home.status, home.body.slice(0, 300)).toBe(200);
    expect(home.body).toContain('<a href="/guides/every-block">Every block</a>');
    const page = await getPage(server, '/guides/every-block', { host: 'docs.reader-test.com' });
    expect(page.status).toBe(200);
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(home.body)?.[1] ?? '';
    expect((await getPage(server, css, { host: 'docs.reader-test.com' })).status).toBe(200);
    // The API stays the API on any host.
    expect((await getPage(server, '/healthz', { host: 'docs.reader-test.com' })).status).toBe(200);
  });

  it('answers a Host that makes no URL (a port past 65535, letters for a port) with a 404, not a failure', async () => {
    for (const host of ['docs.reader-test.com:99999', 'docs.reader-test.com:abc']) {
      // The reader's own 404 page, as for a host that names no site.
      const page = await getPage(server, '/guides/every-block', { host });
      expect(page.status, page.body.slice(0, 200)).toBe(404);
      expect(page.body).toContain('<html');
      const event = await postPage(server, '/x/~reader/events', {}, { host });
      expect(event.status, event.body.slice(0, 200)).toBe(404);
    }
  });
});

describe("a custom hostname's Host with a port or a trailing dot", () => {
  // The lookup ignores both (a custom hostname and a proxy name no port), so each spelling of the
  // host is the same site. Kept in the output, each was a render of its own (65,535 ports: the
  // page's render repeated at will) and links to the spelled host in an answer marked `public`,
  // which a shared cache keying on the bare host would keep for every visitor.
  it('is the same page: one render (the same ETag), its links on the bare host', async () => {
    await f.admin('PUT', '/v1/custom-hostnames/docs.reader-test.com', {
      target: { type: 'site', site: f.siteId },
    });
    const bare = await getPage(server, '/guides/every-block', { host: 'docs.reader-test.com' });
    expect(bare.status).toBe(200);
    for (const host of ['docs.reader-test.com:4321', 'docs.reader-test.com.', 'Docs.Reader-Test.com.:80']) {
      const page = await getPage(server, '/guides/every-block', { host });
      expect(page.status, host).toBe(200);
      expect(page.headers.etag, host).toBe(bare.headers.etag);
      const llms = await getPage(server, '/llms.txt', { host });
      expect(llms.body, host).toContain('(https://docs.reader-test.com/guides/every-block.md)');
    }
  });
});

describe('a page of a revision with more files than one page of its list', () => {
  it('shows its images past the first 1,000 files', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const { fileIds } = await storeFilesInSpace(
      server.services,
      f.spaces.docs,
      Array.from({ length: 1001 }, (_, index) => ({
        name: `figure-${String(index).padStart(4, '0')}.png`,
        contentType: 'image/png',
        bytes: png,
      })),
    );
    // One page shows them all: each is a file its content names, so a visitor may see it.
    await f.admin('POST', `/v1/spaces/${f.spaces.docs}/content`, {
      changes: [
        {
          operation: 'insert_page',
          title: 'Figures',
          document: { markdown: fileIds.map((id, index) => `![Figure ${index}](/files/${id})`).join('\n\n') },
        },
      ],
    });
    const page = await getPage(server, `${f.base}figures`);
    expect(page.status).toBe(200);
    const images = [...page.body.matchAll(/<img [^>]*alt="Figure (\d+)"/g)].map((match) => Number(match[1]));
    expect(images).toHaveLength(1001);
    expect(images.at(-1)).toBe(1000);
  });
});

describe('every answer above', () => {
  // A Fastify reply is a thenable that settles, with no value, once sent: awaiting a promise of
  // one read a served page as "not answered", and the reader sent its 404 page after it, which
  // Fastify refused with an error and a warning on every page served.
  it('was sent once: no second answer refused in the log', () => {
    expect(warnings.filter((line) => line.includes('FST_ERR_REP_ALREADY_SENT'))).toEqual([]);
  });
});
