/**
 * `POST /v1/urls/published` through real HTTP: Quire's own site addresses resolved to
 * section, site space and page path (defaults, `complete`, base paths, canonical URL), the
 * visitor's conditions (a signed token's claims; unsigned claims only under `unsigned`),
 * proxies and custom hostnames, every bad URL refused before anything is read, share links
 * (a deactivated one: 404), visitor authentication (the fallback redirect, `redirectOnError`,
 * `contextId`), and the same answers on the three faces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mismatches0202 } from '../official-client/openapi-spec-0202';
import { visitorToken } from '../sites/site-access-support';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  expectRefusal,
  type Json,
  type LookupFixture,
  lookup,
  lookupFixture,
  resolved,
} from './url-lookup-support';

let server: TestServer;
let f: LookupFixture;
beforeAll(async () => {
  server = await startTestServer();
  f = await lookupFixture(server);
});
afterAll(() => server.close());

const sitePathOf = (f: LookupFixture) => new URL(f.base).pathname;

describe("Quire's own site addresses", () => {
  it('resolves the site to its default section and site space, incomplete while other sections could follow', async () => {
    const body = await resolved(server, f.base);
    expect(body).toEqual({
      site: f.siteId,
      siteSection: f.sections.docs,
      siteSpace: f.siteSpaces.docs,
      space: f.spaces.docs,
      revision: expect.any(String),
      pathname: '',
      basePath: sitePathOf(f),
      siteBasePath: sitePathOf(f),
      apiToken: expect.any(String),
      organization: f.org.organization.id,
      complete: false,
      canonicalUrl: f.base,
    });
    expect(mismatches0202('resolvePublishedContentByUrl', 200, body)).toEqual([]);
  });

  it("names the URL's host, the site and the space as the answer's cache tags", async () => {
    const response = await lookup(server, { url: `${f.base}api/v2/guide` });
    const tags = (response.headers.get('x-gitbook-cache-tag') ?? '').split(',').map((tag) => tag.trim());
    expect(tags.sort()).toEqual(
      [`url:${new URL(f.base).hostname}`, `site:${f.siteId}`, `space:${f.spaces.docs}`].sort(),
    );
  });

  it('takes a path that names no section as a page path of the default section', async () => {
    const body = await resolved(server, `${f.base}guide/install`);
    expect(body).toMatchObject({
      siteSection: f.sections.docs,
      siteSpace: f.siteSpaces.docs,
      pathname: 'guide/install',
      basePath: sitePathOf(f),
      complete: false,
      canonicalUrl: `${f.base}guide/install/`,
    });
  });

  it('resolves a named section with one site space as complete', async () => {
    const body = await resolved(server, `${f.base}docs/guide`);
    expect(body).toMatchObject({
      siteSection: f.sections.docs,
      space: f.spaces.docs,
      pathname: 'guide',
      basePath: `${sitePathOf(f)}docs/`,
      siteBasePath: sitePathOf(f),
      complete: true,
    });
  });

  it('resolves the site spaces of a section: the default one incomplete, a named one complete', async () => {
    expect(await resolved(server, `${f.base}api`)).toMatchObject({
      siteSection: f.sections.api,
      siteSpace: f.siteSpaces.api,
      space: f.spaces.api,
      pathname: '',
      complete: false,
    });
    expect(await resolved(server, `${f.base}api/v2/guide/install`)).toMatchObject({
      siteSection: f.sections.api,
      siteSpace: f.siteSpaces.v2,
      space: f.spaces.docs,
      pathname: 'guide/install',
      basePath: `${sitePathOf(f)}api/v2/`,
      complete: true,
      canonicalUrl: `${f.base}api/v2/guide/install/`,
    });
  });

  it('finds the site by its id as well as by its basename', async () => {
    const byId = `${server.services.urls.app}/~sites/${f.org.organization.id}/${f.siteId}/docs`;
    expect(await resolved(server, byId)).toMatchObject({ site: f.siteId, siteSection: f.sections.docs });
  });

  it('answers 404 for a site, an organization or a place of the app that is no site', async () => {
    const app = server.services.urls.app;
    for (const url of [
      `${app}/~sites/${f.org.organization.id}/no-such-site/`,
      `${app}/~sites/no-such-org/handbook/`,
      `${app}/~sites/${f.org.organization.id}`,
      `${app}/o/${f.org.organization.id}/sites/${f.siteId}`,
      'https://elsewhere.example.com/docs',
    ]) {
      expectRefusal(await lookup(server, { url }), 404, 'not_found');
    }
  });
});

describe("the visitor's conditions", () => {
  const betaJwt = async () => {
    const key = (await f.admin('GET', `${f.site}/publishing/auth`)).privateKey;
    return visitorToken(key, { beta: true });
  };

  it('hides a section whose condition the anonymous visitor fails: its path is a page path', async () => {
    expect(await resolved(server, `${f.base}beta/notes`)).toMatchObject({
      siteSection: f.sections.docs,
      pathname: 'beta/notes',
    });
  });

  it("shows it to a visitor whose signed token's claims pass it, with a context fingerprint", async () => {
    const jwtToken = await betaJwt();
    const body = await resolved(server, `${f.base}beta/notes`, { visitor: { jwtToken } });
    expect(body).toMatchObject({ siteSection: f.sections.beta, space: f.spaces.beta, pathname: 'notes' });
    expect(body.contextId).toEqual(expect.any(String));
    // The same claims in another token: the same context.
    const again = await resolved(server, `${f.base}beta/notes`, { visitor: { jwtToken: await betaJwt() } });
    expect(again.contextId).toBe(body.contextId);
  });

  it('reads unsigned claims only under `unsigned`: they never pass for signed ones', async () => {
    const body = await resolved(server, `${f.base}beta/notes`, {
      visitor: { unsignedClaims: { beta: true }, type: 'agent' },
    });
    expect(body).toMatchObject({ siteSection: f.sections.docs, pathname: 'beta/notes' });
    expect(body.contextId).toBeUndefined();
  });
});

describe('bad URLs', () => {
  const refused = async (url: string) => {
    const response = await lookup(server, { url });
    expectRefusal(response, 400, 'validation');
    expect(
      response.body.error.issues.map((issue: Json) => issue.field),
      url,
    ).toEqual(['url']);
  };

  it('refuses anything but an absolute http(s) URL, and credentials in it', async () => {
    for (const url of [
      'javascript:alert(1)',
      'ftp://example.com/docs',
      'file:///etc/passwd',
      'data:text/html,<script>alert(1)</script>',
      '/relative/path',
      'not a url',
      'https://user:secret@example.com/docs',
    ]) {
      await refused(url);
    }
  });

  it('refuses traversal and encoded separators, raw or percent-encoded, before reading any site', async () => {
    for (const path of [
      '../../etc/passwd',
      'docs/../api',
      'docs/%2e%2e/api',
      'docs/%2E%2E/api',
      'docs/./guide',
      'docs/%2F/guide',
      'docs%2fguide',
      'docs%5cguide',
      'docs\\guide',
      'docs/%00',
      'docs/%E0%A4%A',
    ]) {
      await refused(`${f.base}${path}`);
    }
  });

  it('refuses a malformed share key and an unknown field; bounds the URL and the claims', async () => {
    await refused(`${f.base}?share=`);
    expectRefusal(await lookup(server, { url: f.base, unknown: 1 }), 400, 'validation');
    expectRefusal(await lookup(server, { url: `${f.base}${'a/'.repeat(1100)}` }), 400, 'validation');
    const deep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    const response = await lookup(server, { url: f.base, visitor: { unsignedClaims: deep } });
    expectRefusal(response, 400, 'validation');
    expect(response.body.error.issues[0].field).toBe('visitor.unsignedClaims');
    const proto = await server.api('/v1/urls/published', {
      method: 'POST',
      rawBody: `{"url":${JSON.stringify(f.base)},"visitor":{"unsignedClaims":{"__proto__":{"beta":true}}}}`,
    });
    expectRefusal(proto, 400, 'validation');
  });

  it('refuses unsigned claims too long for a site token a request could carry back', async () => {
    // Within the other bounds (200 values, 1024 characters each), 150 KB of JSON in all.
    const wide = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, 'x'.repeat(1000)]));
    const response = await lookup(server, { url: f.base, visitor: { unsignedClaims: wide } });
    expectRefusal(response, 400, 'validation');
    expect(response.body.error.issues[0].field).toBe('visitor.unsignedClaims');
    expect(response.body.error.message).toContain('4096 characters of JSON');
    // At the bound, the token is handed out and reads the site.
    const fits = { a: 'x'.repeat(1000), b: 'x'.repeat(1000), c: 'x'.repeat(1000), d: 'x'.repeat(1000) };
    const answer = await lookup(server, { url: f.base, visitor: { unsignedClaims: fits } });
    expect(answer.status).toBe(200);
    expect(answer.body.apiToken.length).toBeLessThanOrEqual(16_384);
    const read = await server.api(`/v1/spaces/${answer.body.space}`, { token: answer.body.apiToken });
    expect(read.status).toBe(200);
  });

  it('parses a 64 KB adversarial URL body in bounded time: refused by its length', async () => {
    const response = await lookup(server, { url: `${f.base}${'%2e'.repeat(22_000)}` });
    expectRefusal(response, 400, 'validation');
  });
});

describe('share links', () => {
  it('resolves a share-link site only with the key of an active link, never after it is deactivated', async () => {
    await f.admin('PATCH', f.site, { visibility: 'share-link' });
    try {
      const link = await f.admin('POST', `${f.site}/share-links`, { name: 'Partners' }, 201);
      // GitBook's form of a share link: the key as the first segment after the site's.
      const key = link.urls.published.slice(f.base.length, -1);
      expect(link.urls.published).toBe(`${f.base}${key}/`);
      expect(key).toMatch(/^[\w-]{32}$/);
      expect(await resolved(server, link.urls.published)).toMatchObject({ shareKey: key });
      expectRefusal(await lookup(server, { url: f.base }), 404, 'not_found');
      expectRefusal(await lookup(server, { url: `${f.base}?share=not-a-key` }), 404, 'not_found');
      const body = await resolved(server, `${f.base}docs?share=${key}`);
      expect(body).toMatchObject({ siteSection: f.sections.docs, shareKey: key });
      // GitBook's form: the key as the first segment after the site's, part of the base path.
      const pathForm = await resolved(server, `${f.base}${key}/api/v2/guide`);
      expect(pathForm).toMatchObject({
        siteSection: f.sections.api,
        siteSpace: f.siteSpaces.v2,
        pathname: 'guide',
        shareKey: key,
        siteBasePath: `${sitePathOf(f)}${key}/`,
        basePath: `${sitePathOf(f)}${key}/api/v2/`,
      });
      // The structure's URLs for the link carry its key the same way, and resolve to their site space.
      const structure = await f.admin('GET', `${f.site}/structure?shareKey=${key}`);
      const api = structure.structure.find((item: Json) => item.id === f.sections.api);
      const v2 = api.siteSpaces.find((siteSpace: Json) => siteSpace.id === f.siteSpaces.v2);
      expect(v2.urls.published).toBe(`${f.base}${key}/api/v2/`);
      expect(await resolved(server, `${v2.urls.published}guide`)).toMatchObject({
        siteSpace: f.siteSpaces.v2,
        pathname: 'guide',
        shareKey: key,
      });
      const token = pathForm.apiToken;
      expect((await server.api(`/v1/spaces/${f.spaces.docs}`, { token })).status).toBe(200);
      await f.admin('PATCH', `${f.site}/share-links/${link.id}`, { active: false });
      expectRefusal(await lookup(server, { url: `${f.base}docs?share=${key}` }), 404, 'not_found');
      expectRefusal(await lookup(server, { url: `${f.base}${key}/docs` }), 404, 'not_found');
      expect((await server.api(`/v1/spaces/${f.spaces.docs}`, { token })).status).toBe(401);
    } finally {
      await f.admin('PATCH', f.site, { visibility: 'public' });
    }
  });

  it('answers 404 for an unpublished site, whatever the visitor sends', async () => {
    await f.admin('POST', `${f.site}/unpublish`);
    try {
      expectRefusal(await lookup(server, { url: f.base }), 404, 'not_found');
    } finally {
      await f.admin('POST', `${f.site}/publish`);
    }
  });
});

describe('visitor authentication', () => {
  it('sends a visitor without a token to the fallback, and one with a bad token only on redirectOnError', async () => {
    await f.admin('PATCH', f.site, { visibility: 'visitor-auth' });
    try {
      expectRefusal(await lookup(server, { url: f.base }), 404, 'not_found');
      await f.admin('PATCH', `${f.site}/publishing/auth`, { fallbackURL: 'https://login.example.com/start' });
      const redirected = await lookup(server, { url: `${f.base}docs/guide` });
      expect(redirected.status).toBe(200);
      expect(redirected.body).toEqual({
        target: 'external',
        site: f.siteId,
        redirect: 'https://login.example.com/start?location=docs%2Fguide',
      });
      expect(mismatches0202('resolvePublishedContentByUrl', 200, redirected.body)).toEqual([]);
      const forged = await visitorToken('not the site key', { beta: true });
      expectRefusal(await lookup(server, { url: f.base, visitor: { jwtToken: forged } }), 404, 'not_found');
      const onError = await lookup(server, {
        url: f.base,
        visitor: { jwtToken: forged },
        redirectOnError: true,
      });
      expect(onError.body.target).toBe('external');
      const key = (await f.admin('GET', `${f.site}/publishing/auth`)).privateKey;
      const expired = await visitorToken(key, {}, { expiredSecondsAgo: 60 });
      expectRefusal(await lookup(server, { url: f.base, visitor: { jwtToken: expired } }), 404, 'not_found');
      const body = await resolved(server, f.base, { visitor: { jwtToken: await visitorToken(key, {}) } });
      expect(body.contextId).toEqual(expect.any(String));
    } finally {
      await f.admin('PATCH', f.site, { visibility: 'public' });
    }
  });
});

describe('proxies and custom hostnames', () => {
  it('resolves a URL under a proxy by its host and path; the canonical URL is the proxy', async () => {
    await f.admin('PATCH', f.site, { proxy: 'docs.example.com/handbook' });
    try {
      const body = await resolved(server, 'https://docs.example.com/handbook/api/v2/guide');
      expect(body).toMatchObject({
        siteSection: f.sections.api,
        siteSpace: f.siteSpaces.v2,
        pathname: 'guide',
        siteBasePath: '/handbook/',
        basePath: '/handbook/api/v2/',
        canonicalUrl: 'https://docs.example.com/handbook/api/v2/guide/',
      });
      expectRefusal(await lookup(server, { url: 'https://docs.example.com/other/api' }), 404, 'not_found');
    } finally {
      await f.admin('PATCH', f.site, { proxy: null });
    }
  });
});

describe('the three faces', () => {
  it('answers the same content and the same refusals on REST, GraphQL and tRPC', async () => {
    const route = findRoute('POST /v1/urls/published');
    expect(route).toBeDefined();
    if (!route) return;
    // GraphQL answers no request without a caller: the caller is a site API token's
    // visitor, whom the lookup treats as anonymous.
    const token = (await resolved(server, f.base)).apiToken;
    const answers = await callFaces(server, { route, input: { url: `${f.base}api/v2/guide` }, token });
    for (const answer of Object.values(answers)) {
      expect(answer.status, answer.face).toBe(200);
      expect(answer.data, answer.face).toMatchObject({
        siteSpace: f.siteSpaces.v2,
        pathname: 'guide',
        complete: true,
      });
    }
    const refusals = await callFaces(server, { route, input: { url: 'ftp://example.com/' }, token });
    for (const refusal of Object.values(refusals)) {
      expect(refusal.status, refusal.face).toBe(400);
      expect(refusal.error?.fields, refusal.face).toEqual(['url']);
    }
  });
});

describe('a base of their own for sites (QUIRE_SITES_URL)', () => {
  it("resolves Quire's site addresses on the sites' base, and still on the app's", async () => {
    const sitesServer = await startTestServer({ QUIRE_SITES_URL: 'https://sites.quire.test/published' });
    try {
      const g = await lookupFixture(sitesServer);
      expect(g.base.startsWith('https://sites.quire.test/published/~sites/')).toBe(true);
      const body = await resolved(sitesServer, `${g.base}api/v2/guide`);
      expect(body).toMatchObject({
        siteSpace: g.siteSpaces.v2,
        pathname: 'guide',
        siteBasePath: new URL(g.base).pathname,
        canonicalUrl: `${g.base}api/v2/guide/`,
      });
      const onApp = `${sitesServer.services.urls.app}/~sites/${g.org.organization.id}/handbook/docs`;
      expect(await resolved(sitesServer, onApp)).toMatchObject({ siteSection: g.sections.docs });
    } finally {
      await sitesServer.close();
    }
  });
});
