/**
 * Old paths answered through `GET SITE/redirect?source=`, as GitBook's renderer asks it for a
 * path with no page, through real HTTP: a page renamed, moved under another parent, moved
 * twice (the chain collapses), its subpages following it, a path a page has again (the live
 * page wins), a change request's merge; the same answer on REST, GraphQL and tRPC. And loops
 * of the site's own redirects into the site (a -> a, a -> b -> a): a 404 naming them, never a
 * visitor sent round; a chain into the site collapsed into its last URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mismatches0202 } from '../official-client/openapi-spec-0202';
import { expectError, expectFieldError } from '../support/expectations';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { startTestServer, type TestServer } from '../support/test-server';
import { external, type RedirectsFixture, redirectsFixture, resolve } from './redirects-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read freely
type Json = any;

/** Changes to the docs space's content (`POST SPACE/content`), answering the changed pages' ids. */
async function edit(f: RedirectsFixture, changes: unknown[]): Promise<string[]> {
  const response = await server.api(`/v1/spaces/${f.docs.spaceId}/content`, {
    method: 'POST',
    token: f.org.admin.token,
    body: { changes },
  });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body.changes.map((change: Json) => change.page?.id ?? change.page);
}

const targetOf = async (f: RedirectsFixture, source: string): Promise<string> => {
  const response = await resolve(f, source);
  expect(response.status, `${source}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.target;
};

describe('pages that move', () => {
  let f: RedirectsFixture;
  let docsUrl: string;
  beforeAll(async () => {
    f = await redirectsFixture(server);
    docsUrl = (await f.sections())[0].siteSpaces[0].urls.published;
  });

  it('a renamed page answers at its old path, its subpages with it, and a second move collapses the chain', async () => {
    expectError(await resolve(f, '/guide'), 404);
    await edit(f, [{ operation: 'update_page', page: f.docs.guideId, slug: 'manual' }]);
    const answer = await resolve(f, '/guide');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      redirect: {
        object: 'site-redirect',
        id: `moved:${f.docs.siteSpaceId}:guide`,
        source: '/guide',
        draft: false,
        captureWildcard: false,
        permanent: false,
        destination: { kind: 'site-page', siteSpaceId: f.docs.siteSpaceId, pageId: f.docs.guideId },
        createdAt: server.clock.now().toISOString(),
      },
      target: `${docsUrl}manual/`,
    });
    expect(await targetOf(f, '/guide/install')).toBe(`${docsUrl}manual/install/`);

    await edit(f, [{ operation: 'update_page', page: f.docs.guideId, slug: 'handbook' }]);
    expect(await targetOf(f, '/guide')).toBe(`${docsUrl}handbook/`);
    expect(await targetOf(f, '/manual')).toBe(`${docsUrl}handbook/`);
    expect(await targetOf(f, '/guide/install')).toBe(`${docsUrl}handbook/install/`);
    // The redirects Quire made are no site redirects: the list holds none.
    expect((await f.ok('GET', '/redirects')).count).toBe(0);
  });

  it('a page moved under another parent answers at its old path; a page at the old path again wins', async () => {
    const [other] = await edit(f, [
      { operation: 'insert_page', title: 'Other', slug: 'other', document: { markdown: 'Other.\n' } },
    ]);
    await edit(f, [{ operation: 'update_page', page: f.docs.installId, into: other }]);
    expect(await targetOf(f, '/handbook/install')).toBe(`${docsUrl}other/install/`);
    // Older paths of the page and of its former parent lead where it is now.
    expect(await targetOf(f, '/guide/install')).toBe(`${docsUrl}other/install/`);

    // A new page at the old path: the path is that page's, no redirect answers it.
    await edit(f, [
      { operation: 'insert_page', title: 'Manual', slug: 'manual', document: { markdown: 'New.\n' } },
    ]);
    expectError(await resolve(f, '/manual'), 404);
    // Moved back and forth: the path it left answers, the one it has again is its own.
    await edit(f, [{ operation: 'update_page', page: other, slug: 'elsewhere' }]);
    await edit(f, [{ operation: 'update_page', page: other, slug: 'other' }]);
    expect(await targetOf(f, '/elsewhere/install')).toBe(`${docsUrl}other/install/`);
    expectError(await resolve(f, '/other'), 404);
    // A deleted page answers nothing.
    await edit(f, [{ operation: 'delete_page', page: other }]);
    expectError(await resolve(f, '/elsewhere'), 404);
  });

  it("a change request's merge that moves a page leaves its old path answering", async () => {
    const g = await redirectsFixture(server);
    const url = (await g.sections())[0].siteSpaces[0].urls.published;
    const token = g.org.admin.token;
    const changeRequests = `/v1/spaces/${g.docs.spaceId}/change-requests`;
    const created = await server.api(changeRequests, { method: 'POST', token, body: { subject: 'Rename' } });
    const edited = await server.api(`${changeRequests}/${created.body.id}/content`, {
      method: 'POST',
      token,
      body: { changes: [{ operation: 'update_page', page: g.docs.installId, slug: 'setup' }] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBeLessThan(300);
    expectError(await resolve(g, '/guide/install'), 404);
    const merged = await server.api(`${changeRequests}/${created.body.id}/merge`, { method: 'POST', token });
    expect(merged.body.result).toBe('merge');
    expect(await targetOf(g, '/guide/install')).toBe(`${url}guide/setup/`);
  });

  it('answers the same on REST, GraphQL and tRPC', async () => {
    const route = findRoute('GET /v1/orgs/:organizationId/sites/:siteId/redirect')!;
    const responses = await callFaces(server, {
      route,
      input: { organizationId: f.org.organization.id, siteId: f.siteId, source: '/guide' },
      token: f.org.admin.token,
    });
    for (const response of Object.values(responses))
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    for (const response of [responses.rest, responses.trpc]) {
      expect((response.data as Json).target).toBe(`${docsUrl}handbook/`);
      expect((response.data as Json).redirect.destination.pageId).toBe(f.docs.guideId);
    }
    // The faces' generic call asks GraphQL for the type only: the fields, asked by hand.
    const graphql = await server.api('/graphql', {
      method: 'POST',
      token: f.org.admin.token,
      body: {
        query: `query($o: String!, $s: String!) { sitesRedirectsResolve(organizationId: $o, siteId: $s, source: "/guide") {
          target redirect { id source destination } } }`,
        variables: { o: f.org.organization.id, s: f.siteId },
      },
    });
    expect(graphql.body.data?.sitesRedirectsResolve, JSON.stringify(graphql.body)).toMatchObject({
      target: `${docsUrl}handbook/`,
      redirect: {
        id: `moved:${f.docs.siteSpaceId}:guide`,
        source: '/guide',
        destination: { kind: 'site-page', siteSpaceId: f.docs.siteSpaceId, pageId: f.docs.guideId },
      },
    });
    const missing = await callFaces(server, {
      route,
      input: { organizationId: f.org.organization.id, siteId: f.siteId, source: '/never-was' },
      token: f.org.admin.token,
    });
    for (const response of Object.values(missing)) expect(response.status).toBe(404);
  });
});

describe('chains and loops of the site redirects into the site', () => {
  let f: RedirectsFixture;
  let base: string;
  beforeAll(async () => {
    f = await redirectsFixture(server);
    base = (await f.sections())[0].urls.published;
  });
  const create = (source: string, url: string) =>
    f.ok('POST', '/redirects', { source, destination: external(url) });

  it('collapses a chain into its last URL, and stops at a page of the site', async () => {
    await create('/one', `${base}two`);
    await create('/two', `${base}three/`);
    await create('/three', 'https://example.com/end');
    const answer = await resolve(f, '/one');
    expect(answer.body.target).toBe('https://example.com/end');
    expect(answer.body.redirect.source).toBe('/one');
    // A page of the site is where a chain ends, whatever redirect has its path.
    await create('/to-guide', `${base}guide/`);
    await create('/guide', 'https://example.com/never');
    expect(await targetOf(f, '/to-guide')).toBe(`${base}guide/`);
  });

  it('refuses a live redirect that sends visitors back or round (400 naming destination), writing nothing', async () => {
    const refused = async (response: Promise<Json>, named: string) => {
      const answer = await response;
      expectFieldError(answer, 'destination');
      expect(answer.body.error.message).toContain(named);
    };
    const body = (source: string, url: string, more: object = {}) => ({
      source,
      destination: external(url),
      ...more,
    });
    await refused(f.call('POST', '/redirects', body('/self', `${base}self/`)), 'its own source, /self');
    await f.ok('POST', '/redirects', body('/a2', `${base}b2`));
    await refused(f.call('POST', '/redirects', body('/b2', `${base}a2`)), '/b2 -> /a2 -> /b2');
    await refused(
      f.call('POST', '/redirects', body('/old/*', `${base}old/x`, { captureWildcard: true })),
      '/old/~ -> /old/x~ -> /old/xx~',
    );
    // A draft is not checked; making it live is.
    const draft = await f.ok('POST', '/redirects', body('/b2', `${base}a2`, { draft: true }));
    await refused(f.call('PATCH', `/redirects/${draft.id}`, { draft: false }), '/b2 -> /a2 -> /b2');
    const bulk = await f.ok(
      'PUT',
      '/redirects',
      {
        redirects: [
          { source: '/b2', intent: 'publish' },
          { source: '/c2', destination: external(`${base}c2`) },
        ],
      },
      200,
    );
    expect(bulk.results.map((result: Json) => result.status)).toEqual(['error', 'error']);
    expect(bulk.results[0].error).toContain('/b2 -> /a2 -> /b2');
    expect((await f.ok('GET', '/redirects?orderBy=source')).items.map((item: Json) => item.source)).toEqual(
      ['/a2', '/one', '/three', '/to-guide', '/two', '/guide'].sort(),
    );
  });

  it('answers a loop made by a later change (a page moved from where a chain ended) with a 404 naming it', async () => {
    const g = await redirectsFixture(server);
    const root = (await g.sections())[0].urls.published;
    // A chain through a page: allowed, the page ends it.
    await g.ok('POST', '/redirects', { source: '/ping', destination: external(`${root}guide/`) });
    await g.ok('POST', '/redirects', { source: '/guide', destination: external(`${root}ping`) });
    expect(await targetOf(g, '/ping')).toBe(`${root}guide/`);
    // The page moves: `/guide` has no page now, and its redirect sends back to `/ping`.
    await edit(g, [{ operation: 'update_page', page: g.docs.guideId, slug: 'manual' }]);
    const answer = await resolve(g, '/ping');
    expectError(answer, 404);
    expect(answer.body.error.message).toContain('/ping -> /guide -> /ping');
  });
});

describe("GitBook 0.202.0's shapes", () => {
  it('of every redirect answer: created, listed, changed, bulk results, and resolved (a site redirect and an old path)', async () => {
    const f = await redirectsFixture(server);
    const shaped = (operationId: string, status: number, body: unknown) =>
      expect(mismatches0202(operationId, status, body), operationId).toEqual([]);
    const created = await f.ok('POST', '/redirects', {
      source: '/v1/*',
      captureWildcard: true,
      permanent: true,
      destination: { kind: 'path', spaceId: f.docs.spaceId, path: 'guide' },
    });
    shaped('createSiteRedirect', 201, created);
    shaped(
      'updateSiteRedirectById',
      200,
      await f.ok('PATCH', `/redirects/${created.id}`, { permanent: false }),
    );
    shaped(
      'bulkUpsertSiteRedirects',
      200,
      await f.ok('PUT', '/redirects', {
        redirects: [
          { source: '/a', destination: external('https://example.com/a') },
          { source: '/a', destination: { kind: 'site-section', siteSectionId: f.api.sectionId } },
          {
            source: '/b',
            intent: 'draft',
            destination: { kind: 'site-space', siteSpaceId: f.api.siteSpaceId },
          },
          { source: '/b', intent: 'publish' },
          { source: '/a', destination: null },
        ],
      }),
    );
    shaped('listSiteRedirects', 200, await f.ok('GET', '/redirects?limit=1'));
    shaped('getSiteRedirectBySource', 200, (await resolve(f, '/v1/x')).body);
    await edit(f, [{ operation: 'update_page', page: f.docs.installId, slug: 'setup' }]);
    shaped('getSiteRedirectBySource', 200, (await resolve(f, '/guide/install')).body);
  });
});
