/**
 * A site's redirects never tell a visitor where a page of a site space they may not read is,
 * nor that it exists, through real HTTP. The site (`url-lookup-support.ts`) has a Beta section
 * shown only to visitors whose claims say `beta`; its space's page moved (an old path), a
 * `.gitbook.yaml` line names it, and the site's own redirects lead to it, to its site space and
 * to its section (exact, a capturing wildcard, an address of the site, and a chain through
 * another redirect). A visitor without the claim (their site API token; GraphQL and tRPC too;
 * the reader, which asks as that token) gets what no redirect at all would give them: a 404,
 * the reader's not-found page; a chain stops at the first link they may not be told about. A
 * visitor with the claim, and a member, are sent there. A member previewing the site is told
 * nothing of a space their role does not open either. The URL lookup names none of it
 * either: a path under the hidden section is, for that visitor, a page path of the default
 * section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorToken } from '../sites/site-access-support';
import { createSpace } from '../support/content';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { addMember, type TestMember } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { type Json, type LookupFixture, lookup, lookupFixture } from '../url-lookups/url-lookup-support';

let server: TestServer;
let f: LookupFixture;
/** The Beta space's page, moved from `roadmap` to `plans-2027`. */
let roadmapId: string;
/** Site API tokens: a visitor without claims, and one whose signed claims say `beta`. */
let anonymous: string;
let beta: string;
let betaJwt: string;
/** A member with no access to the Vault space, which the Docs section also shows (at `vault`). */
let reader: TestMember;

/** The paths that lead into the Beta section, and where (for a visitor who may read it). */
const LEADS: Array<[string, string]> = [
  ['/beta/roadmap', 'beta/plans-2027/'],
  ['/beta/old-plans', 'beta/plans-2027/'],
  ['/go-roadmap', 'beta/plans-2027/'],
  ['/go-beta', 'beta/'],
  ['/go-beta-space', 'beta/'],
  ['/into/anything', 'beta/anything'],
  ['/ext-beta', 'beta/plans-2027/'],
];

async function siteToken(visitor?: unknown): Promise<string> {
  const response = await lookup(server, { url: f.base, ...(visitor ? { visitor } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.apiToken as string;
}

beforeAll(async () => {
  server = await startTestServer();
  f = await lookupFixture(server);
  const made = await f.admin('POST', `/v1/spaces/${f.spaces.beta}/content`, {
    changes: [{ operation: 'insert_page', title: 'Roadmap', document: { markdown: 'Next year.\n' } }],
  });
  roadmapId = made.changes[0].page.id;
  await f.admin('POST', `/v1/spaces/${f.spaces.beta}/content`, {
    changes: [{ operation: 'update_page', page: roadmapId, slug: 'plans-2027' }],
  });
  // A `.gitbook.yaml` redirect of the space, as Git Sync records one.
  await server.services.repos.spacePathRedirects.put([
    {
      spaceId: f.spaces.beta,
      organizationId: f.org.organization.id,
      path: 'old-plans',
      pageId: roadmapId,
      origin: 'git',
      at: server.clock.now().toISOString(),
    },
  ]);
  const redirect = (source: string, destination: unknown, extra: Record<string, unknown> = {}) =>
    f.admin('POST', `${f.site}/redirects`, { source, destination, ...extra }, 201);
  await redirect('/go-roadmap', { kind: 'site-page', siteSpaceId: f.siteSpaces.beta, pageId: roadmapId });
  await redirect('/go-beta', { kind: 'site-section', siteSectionId: f.sections.beta });
  await redirect('/go-beta-space', { kind: 'site-space', siteSpaceId: f.siteSpaces.beta });
  await redirect(
    '/into/*',
    { kind: 'site-space', siteSpaceId: f.siteSpaces.beta },
    { captureWildcard: true },
  );
  await redirect('/ext-beta', { kind: 'external', url: `${f.base}beta/plans-2027/` });
  // Into the site where no page is: answered again by `/go-roadmap`.
  await redirect('/chain', { kind: 'external', url: `${f.base}go-roadmap` });
  const vault = await createSpace(server, f.org, { title: 'Vault', defaultLevel: null });
  const keys = await f.admin('POST', `/v1/spaces/${vault.id}/content`, {
    changes: [{ operation: 'insert_page', title: 'Master keys', document: { markdown: 'Keys.\n' } }],
  });
  const vaultSiteSpace = await f.admin(
    'POST',
    `${f.site}/site-spaces`,
    { spaceId: vault.id, sectionId: f.sections.docs },
    201,
  );
  await f.admin('PATCH', `${f.site}/site-spaces/${vaultSiteSpace.id}`, { path: 'vault' });
  await redirect('/go-vault', {
    kind: 'site-page',
    siteSpaceId: vaultSiteSpace.id,
    pageId: keys.changes[0].page.id,
  });
  reader = await addMember(server, f.org.organization.id, 'read');
  const key = (await f.admin('GET', `${f.site}/publishing/auth`)).privateKey;
  betaJwt = await visitorToken(key, { beta: true });
  anonymous = await siteToken();
  beta = await siteToken({ jwtToken: betaJwt });
});
afterAll(() => server.close());

const resolve = (token: string, source: string) =>
  server.api(`${f.site}/redirect?${new URLSearchParams({ source })}`, { token });

describe('GET SITE/redirect?source=', () => {
  it('sends a visitor who may read the Beta section, and a member, there', async () => {
    for (const token of [beta, f.org.admin.token]) {
      for (const [source, target] of LEADS) {
        const answer = await resolve(token, source);
        expect(answer.status, `${source}: ${JSON.stringify(answer.body)}`).toBe(200);
        expect(answer.body.target, source).toBe(`${f.base}${target}`);
      }
    }
  });

  it('answers a visitor who may not as if no redirect existed: 404, naming nothing of it', async () => {
    for (const [source] of LEADS) {
      const answer = await resolve(anonymous, source);
      const body = JSON.stringify(answer.body);
      expect(answer.status, `${source}: ${body}`).toBe(404);
      expect(answer.body.error.message, source).toBe('Site redirect not found');
      expect(body, source).not.toMatch(/plans-2027|beta|Redirect destination/i);
    }
  });

  it("tells a member nothing of a space their role does not open; the site's visitors read it", async () => {
    const hidden = await resolve(reader.token, '/go-vault');
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(404);
    expect(JSON.stringify(hidden.body)).not.toContain('master-keys');
    for (const token of [f.org.admin.token, anonymous]) {
      const shown = await resolve(token, '/go-vault');
      expect(shown.status, JSON.stringify(shown.body)).toBe(200);
      expect(shown.body.target, JSON.stringify(shown.body)).toBe(`${f.base}docs/vault/master-keys/`);
    }
    // The member reads the Beta section's redirects: the space is open to them.
    expect((await resolve(reader.token, '/go-roadmap')).status).toBe(200);
  });

  it('follows a chain only as far as the visitor may be told: to the link that is, for them, no redirect', async () => {
    const shown = await resolve(beta, '/chain');
    expect(shown.body.target).toBe(`${f.base}beta/plans-2027/`);
    const hidden = await resolve(anonymous, '/chain');
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body.target).toBe(`${f.base}go-roadmap`);
  });

  it('the same on GraphQL and tRPC', async () => {
    const route = findRoute('GET /v1/orgs/:organizationId/sites/:siteId/redirect');
    if (!route) throw new Error('no redirect route');
    for (const [source, target] of LEADS) {
      const input = { organizationId: f.org.organization.id, siteId: f.siteId, source };
      const hidden = await callFaces(server, { route, input, token: anonymous });
      const shown = await callFaces(server, { route, input, token: beta });
      for (const face of ['graphql', 'trpc'] as const) {
        expect(hidden[face].status, `${face} ${source}: ${JSON.stringify(hidden[face].body)}`).toBe(404);
        expect(JSON.stringify(hidden[face].body), `${face} ${source}`).not.toMatch(/plans-2027/);
        expect(shown[face].status, `${face} ${source}: ${JSON.stringify(shown[face].body)}`).toBe(200);
      }
      // GraphQL's selection is the least that runs the resolver; tRPC's answer is whole.
      expect((shown.trpc.data as Json).target, source).toBe(`${f.base}${target}`);
    }
  });
});

describe("the reader's redirects", () => {
  const readerUrl = (source: string, query = '') =>
    `${server.url}/~sites/${f.org.organization.id}/handbook${source}${query}`;

  it('a visitor who may not read the section gets the not-found page, no Location', async () => {
    for (const [source] of LEADS) {
      const response = await fetch(readerUrl(source), { redirect: 'manual' });
      const html = await response.text();
      expect(response.status, `${source}: ${html.slice(0, 200)}`).toBe(404);
      expect(response.headers.get('location'), source).toBeNull();
      expect(html, source).not.toContain('plans-2027');
    }
  });

  it('a visitor with the claim is sent there', async () => {
    const response = await fetch(readerUrl('/go-roadmap', `?jwt_token=${betaJwt}`), { redirect: 'manual' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toContain('/beta/plans-2027/');
  });
});

describe('POST /v1/urls/published', () => {
  it('names no page of the hidden section: its paths are page paths of the default section', async () => {
    for (const [source] of LEADS) {
      const response = await lookup(server, { url: `${f.base}${source.slice(1)}` });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const body: Json = response.body;
      expect(body.target, source).toBeUndefined();
      expect(body.siteSection, source).toBe(f.sections.docs);
      expect(JSON.stringify(body), source).not.toContain('plans-2027');
    }
  });
});

describe('POST /v1/urls/published on a visitor-auth site', () => {
  // Last: the site's visibility changes (the tokens above stop).
  it('sends a visitor without a token to the fallback with the path they asked, never where a redirect leads', async () => {
    await f.admin('PATCH', f.site, { visibility: 'visitor-auth' });
    await f.admin('PATCH', `${f.site}/publishing/auth`, { fallbackURL: 'https://login.example.com/start' });
    for (const [source] of LEADS) {
      const response = await lookup(server, { url: `${f.base}${source.slice(1)}` });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.target).toBe('external');
      const location = new URL(response.body.redirect);
      expect(`${location.origin}${location.pathname}`).toBe('https://login.example.com/start');
      expect(location.searchParams.get('location'), source).toBe(source.slice(1));
    }
  });
});
