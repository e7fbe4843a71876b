/**
 * A site's redirects through real HTTP: create (201) and the resource's shape, the lists
 * (live by default, drafts apart, search, the three orders, keyset pages), changes, deletes
 * (205, then 204), and resolution: the exact source first, else the longest wildcard prefix,
 * drafts never, a capturing wildcard's rest appended, internal destinations at the URLs the
 * site's structure presents, a destination removed since then a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, walkPages } from '../support/expectations';
import { startTestServer, type TestServer } from '../support/test-server';
import { external, type RedirectsFixture, redirectsFixture, resolve } from './redirects-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const sourcesOf = (items: ReadonlyArray<{ source: string }>) => items.map((item) => item.source);

describe('the redirects of a site', () => {
  let f: RedirectsFixture;
  beforeAll(async () => {
    f = await redirectsFixture(server);
  });

  it('creates a live, temporary redirect by default (201), changes it, and deletes it (205, then 204)', async () => {
    const created = await f.ok('POST', '/redirects', {
      source: '/old-guide',
      destination: { kind: 'site-page', siteSpaceId: f.docs.siteSpaceId, pageId: f.docs.guideId },
    });
    expect(created).toEqual({
      object: 'site-redirect',
      id: created.id,
      source: '/old-guide',
      draft: false,
      captureWildcard: false,
      permanent: false,
      destination: { kind: 'site-page', siteSpaceId: f.docs.siteSpaceId, pageId: f.docs.guideId },
      createdAt: server.clock.now().toISOString(),
    });

    server.clock.advance(1000);
    const changed = await f.ok('PATCH', `/redirects/${created.id}`, {
      permanent: true,
      destination: external('https://example.com/guide'),
    });
    expect(changed).toEqual({
      ...created,
      permanent: true,
      destination: { kind: 'external', url: 'https://example.com/guide' },
      updatedAt: server.clock.now().toISOString(),
    });
    // Nothing to change: nothing written, `updatedAt` stays.
    server.clock.advance(1000);
    expect(await f.ok('PATCH', `/redirects/${created.id}`, { permanent: true })).toEqual(changed);
    expectError(await f.call('PATCH', '/redirects/no-such-redirect', { permanent: true }), 404);

    expect((await f.call('DELETE', `/redirects/${created.id}`)).status).toBe(205);
    expect((await f.call('DELETE', `/redirects/${created.id}`)).status).toBe(204);
    expectError(await resolve(f, '/old-guide'), 404);
  });

  it('refuses a second redirect of the same source (409), a draft of it aside', async () => {
    const body = { source: '/twice', destination: external('https://example.com/') };
    const first = await f.ok('POST', '/redirects', body);
    expectError(await f.call('POST', '/redirects', body), 409);
    const draft = await f.ok('POST', '/redirects', { ...body, draft: true });
    expect(draft.draft).toBe(true);
    // Making the draft live would make two live redirects of one source.
    expectError(await f.call('PATCH', `/redirects/${draft.id}`, { draft: false }), 409);
    await f.ok('DELETE', `/redirects/${first.id}`, undefined, 205);
    expect((await f.ok('PATCH', `/redirects/${draft.id}`, { draft: false })).draft).toBe(false);
  });

  it('refuses destinations the site does not have (404), and takes a page by its path in a space of the site', async () => {
    const to = (destination: unknown) => f.call('POST', '/redirects', { source: '/nowhere', destination });
    expectError(await to({ kind: 'site-section', siteSectionId: 'no-such-section' }), 404);
    expectError(await to({ kind: 'site-space', siteSpaceId: 'no-such-site-space' }), 404);
    expectError(
      await to({ kind: 'site-page', siteSpaceId: f.docs.siteSpaceId, pageId: 'no-such-page' }),
      404,
    );
    // The API space has no pages; a space the site does not show is no destination.
    expectError(await to({ kind: 'site-page', siteSpaceId: f.api.siteSpaceId, pageId: f.docs.guideId }), 404);
    expectError(await to({ kind: 'path', spaceId: f.docs.spaceId, path: 'guide/nope' }), 404);
    expectError(await to({ kind: 'path', spaceId: 'elsewhere', path: 'guide' }), 404);
    const byPath = await f.ok('POST', '/redirects', {
      source: '/by-path',
      destination: { kind: 'path', spaceId: f.docs.spaceId, path: '/guide/install' },
    });
    expect(byPath.destination).toEqual({
      kind: 'site-page',
      siteSpaceId: f.docs.siteSpaceId,
      pageId: f.docs.installId,
    });
  });
});

describe('the lists', () => {
  it('list the live redirects by default, the drafts apart, newest first, by last change or by source, in keyset pages', async () => {
    const f = await redirectsFixture(server);
    const sources = ['/c', '/a', '/d', '/b', '/e'];
    const ids: Record<string, string> = {};
    for (const source of sources) {
      server.clock.advance(1000);
      ids[source] = (
        await f.ok('POST', '/redirects', { source, destination: external('https://example.com/') })
      ).id;
    }
    await f.ok('POST', '/redirects', {
      source: '/a',
      draft: true,
      destination: external('https://example.com/'),
    });
    server.clock.advance(1000);
    await f.ok('PATCH', `/redirects/${ids['/a']}`, { permanent: true });

    const newest = await walkPages(server, `${f.site}/redirects?limit=2`, f.org.admin.token);
    expect(sourcesOf(newest.items)).toEqual(['/e', '/b', '/d', '/a', '/c']);
    expect(newest.pages).toBe(3);
    expect(newest.counts).toEqual([5, 5, 5]);
    const changed = await walkPages(
      server,
      `${f.site}/redirects?limit=2&orderBy=updatedAt`,
      f.org.admin.token,
    );
    expect(sourcesOf(changed.items)).toEqual(['/a', '/e', '/b', '/d', '/c']);
    const bySource = await walkPages(server, `${f.site}/redirects?limit=3&orderBy=source`, f.org.admin.token);
    expect(sourcesOf(bySource.items)).toEqual(['/a', '/b', '/c', '/d', '/e']);

    const drafts = await f.ok('GET', '/redirects?draft=true');
    expect(sourcesOf(drafts.items)).toEqual(['/a']);
    expect(drafts.items[0].draft).toBe(true);
  });

  it('search the sources for literal text, any case: pattern characters match themselves', async () => {
    const f = await redirectsFixture(server);
    for (const source of ['/Guides/Setup', '/guides-old', '/api/v1.2', '/api/v132'])
      await f.ok('POST', '/redirects', { source, destination: external('https://example.com/') });
    const search = async (text: string) =>
      sourcesOf((await f.ok('GET', `/redirects?orderBy=source&search=${encodeURIComponent(text)}`)).items);
    expect(await search('GUIDES')).toEqual(['/Guides/Setup', '/guides-old']);
    expect(await search('v1.2')).toEqual(['/api/v1.2']);
    expect(await search('.*')).toEqual([]);
    expect((await f.ok('GET', '/redirects?search=guides')).count).toBe(2);
  });
});

describe('resolving a path', () => {
  let f: RedirectsFixture;
  let base: string;
  beforeAll(async () => {
    f = await redirectsFixture(server);
    const [docs] = await f.sections();
    // The default section is at the site's base.
    base = docs.urls.published;
  });

  const create = (body: Record<string, unknown>) => f.ok('POST', '/redirects', body);

  it('answers the exact source first, else the wildcard with the longest prefix; drafts never', async () => {
    await create({ source: '/docs/*', destination: external('https://example.com/star') });
    await create({ source: '/docs*', destination: external('https://example.com/prefix') });
    await create({ source: '/docs/exact', destination: external('https://example.com/exact') });
    await create({ source: '/docs/draft', draft: true, destination: external('https://example.com/draft') });
    const targetOf = async (path: string) => {
      const response = await resolve(f, path);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.target;
    };
    expect(await targetOf('/docs/exact')).toBe('https://example.com/exact');
    expect(await targetOf('/docs/other/page')).toBe('https://example.com/star');
    expect(await targetOf('/docs/draft')).toBe('https://example.com/star');
    expect(await targetOf('/docs-old')).toBe('https://example.com/prefix');
    expect(await targetOf('/docs')).toBe('https://example.com/prefix');
    const found = await resolve(f, '/docs/exact');
    expect(found.body.redirect).toMatchObject({ object: 'site-redirect', source: '/docs/exact' });
    const missing = await resolve(f, '/elsewhere');
    expectError(missing, 404);
    expect(missing.body.error.message).toContain('Site redirect');
  });

  it('appends what a capturing wildcard matched to the destination', async () => {
    await create({
      source: '/v1/*',
      captureWildcard: true,
      destination: external('https://example.com/v2/?from=v1'),
    });
    await create({ source: '/v0/*', destination: external('https://example.com/v2/') });
    expect((await resolve(f, '/v1/guides/setup')).body.target).toBe(
      'https://example.com/v2/guides/setup?from=v1',
    );
    expect((await resolve(f, '/v0/guides/setup')).body.target).toBe('https://example.com/v2/');
  });

  it("sends internal destinations to the URLs the site's structure presents, with a share key when given", async () => {
    const [docs, api] = await f.sections();
    await create({ source: '/to-section', destination: { kind: 'site-section', siteSectionId: api.id } });
    await create({
      source: '/to-space',
      destination: { kind: 'site-space', siteSpaceId: f.docs.siteSpaceId },
    });
    await create({
      source: '/to-page',
      destination: { kind: 'site-page', siteSpaceId: f.docs.siteSpaceId, pageId: f.docs.installId },
    });
    expect((await resolve(f, '/to-section')).body.target).toBe(api.urls.published);
    expect((await resolve(f, '/to-space')).body.target).toBe(docs.siteSpaces[0].urls.published);
    expect((await resolve(f, '/to-page')).body.target).toBe(
      `${docs.siteSpaces[0].urls.published}guide/install/`,
    );
    expect(base).toContain(`/~sites/${f.org.organization.id}/${f.siteId}/`);

    const link = await f.ok('POST', '/share-links', { name: 'Partners' });
    const shareKey = link.urls.published.slice(base.length, -1);
    expect((await resolve(f, '/to-section', shareKey)).body.target).toBe(
      `${base}${shareKey}/${api.urls.published.slice(base.length)}`,
    );
    expectError(await resolve(f, '/to-section', 'not-a-key'), 404);
  });

  it('answers 404 for a destination removed from the site since', async () => {
    const g = await redirectsFixture(server);
    await g.ok('POST', '/redirects', {
      source: '/to-api',
      destination: { kind: 'site-section', siteSectionId: g.api.sectionId },
    });
    await g.ok('DELETE', `/sections/${g.api.sectionId}`, undefined, 204);
    const gone = await resolve(g, '/to-api');
    expectError(gone, 404);
    expect(gone.body.error.message).toContain('Redirect destination');
  });
});

describe('a deleted site', () => {
  it('takes its redirects out of reach: every redirect route answers 404', async () => {
    const f = await redirectsFixture(server);
    const made = await f.ok('POST', '/redirects', {
      source: '/kept',
      destination: external('https://example.com/'),
    });
    await f.ok('DELETE', '', undefined, 204);
    expectError(await f.call('GET', '/redirects'), 404);
    expectError(await resolve(f, '/kept'), 404);
    expectError(await f.call('PATCH', `/redirects/${made.id}`, { permanent: true }), 404);
    expectError(await f.call('DELETE', `/redirects/${made.id}`), 404);
  });
});
