/**
 * `POST ORG/sites/{siteId}/search` through real HTTP (issue 28, item 6): what each scope
 * searches, GitBook's result shape (checked against its published document), and who finds
 * what: the published view's visitors only, a member only in the spaces they may view,
 * nothing of a site space the visit does not show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mismatches0202 } from '../official-client/openapi-spec-0202';
import { createSpace } from '../support/content';
import { expectError, expectFieldError } from '../support/expectations';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

interface SiteFixture {
  org: TestOrganization;
  sitePath: string;
  spaces: { guides: Json; api: Json; internal: Json };
  siteSpaces: { guides: string; api: string; internal: string };
}

async function write(org: TestOrganization, spaceId: string, changes: unknown[]) {
  const response = await server.api(`/v1/spaces/${spaceId}/content`, {
    method: 'POST',
    token: org.admin.token,
    body: { changes },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** A site of two sections: Guides (default) with API as its variant, then Internal (a restricted space). */
async function siteFixture(): Promise<SiteFixture> {
  const org = await createOrganization(server);
  const guides = await createSpace(server, org, { title: 'Guides' });
  const api = await createSpace(server, org, { title: 'API' });
  const internal = await createSpace(server, org, { title: 'Internal', defaultLevel: null });
  await write(org, guides.id, [
    { operation: 'insert_page', title: 'Setup', document: { markdown: 'Read this first.\n' } },
  ]);
  const content = await server.api(`/v1/spaces/${guides.id}/content/pages`, { token: org.admin.token });
  const setup = content.body.items?.[0] ?? content.body.pages?.[0];
  await write(org, guides.id, [
    {
      operation: 'insert_page',
      into: setup.id,
      title: 'Docker',
      description: 'Containers',
      document: {
        markdown: 'Install the zephyr image with docker.\n\n## Volumes\n\nMount the zephyr data.\n',
      },
    },
  ]);
  await write(org, api.id, [
    { operation: 'insert_page', title: 'Keys', document: { markdown: 'Each zephyr key is secret.\n' } },
  ]);
  await write(org, internal.id, [
    { operation: 'insert_page', title: 'Runbook', document: { markdown: 'Restart the zephyr cluster.\n' } },
  ]);
  const sitePath = `/v1/orgs/${org.organization.id}/sites`;
  const site = await server.api(sitePath, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Docs' },
  });
  expect(site.status).toBe(201);
  const path = `${sitePath}/${site.body.id}`;
  const call = async (method: string, sub: string, body: unknown) => {
    const response = await server.api(`${path}${sub}`, { method, token: org.admin.token, body });
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
    return response.body;
  };
  const first = await call('POST', '/sections', { spaceId: guides.id });
  const variant = await call('POST', '/site-spaces', { spaceId: api.id, sectionId: first.id });
  const second = await call('POST', '/sections', { spaceId: internal.id });
  const siteSpaces = await server.api(`${path}/site-spaces?limit=100`, { token: org.admin.token });
  const idOf = (spaceId: string) =>
    (siteSpaces.body.items as Json[]).find((siteSpace) => siteSpace.space.id === spaceId)?.id as string;
  expect(variant.id).toBe(idOf(api.id));
  expect(second.object).toBe('site-section');
  return {
    org,
    sitePath: path,
    spaces: { guides, api, internal },
    siteSpaces: { guides: idOf(guides.id), api: idOf(api.id), internal: idOf(internal.id) },
  };
}

const search = (f: SiteFixture, body: Record<string, unknown>, token: string | null = f.org.admin.token) =>
  server.api(`${f.sitePath}/search`, { method: 'POST', token, body: { query: 'zephyr', ...body } });

const spaceIdsOf = (body: Json): string[] => (body.items as Json[]).map((item) => item.id).sort();

describe('POST ORG/sites/{siteId}/search', () => {
  it("finds pages in each section's default site space by default, in GitBook's shape", async () => {
    const f = await siteFixture();
    const found = await search(f, {});
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(spaceIdsOf(found.body)).toEqual([f.spaces.guides.id, f.spaces.internal.id].sort());
    const guides = (found.body.items as Json[]).find((item) => item.id === f.spaces.guides.id);
    expect(guides).toMatchObject({ type: 'space', title: 'Guides' });
    const docker = guides.pages[0];
    expect(docker).toMatchObject({
      title: 'Docker',
      description: 'Containers',
      path: 'setup/docker',
      ancestors: [{ title: 'Setup' }],
    });
    expect(docker.rank).toBeGreaterThanOrEqual(1);
    expect(docker.sections.map((section: Json) => section.title)).toContain('Volumes');
    const ranks = (found.body.items as Json[])
      .flatMap((item) => item.pages.map((page: Json) => page.rank))
      .sort();
    expect(ranks).toEqual(ranks.map((_: number, i: number) => i + 1));
    expect(mismatches0202('searchSiteContent', 200, found.body)).toEqual([]);
  });

  it('searches every site space with mode all, the given ones with specific, and the current one with restrictTo', async () => {
    const f = await siteFixture();
    const { guides, api, internal } = f.spaces;
    expect(spaceIdsOf((await search(f, { scope: { mode: 'all' } })).body)).toEqual(
      [guides.id, api.id, internal.id].sort(),
    );
    expect(
      spaceIdsOf((await search(f, { scope: { mode: 'specific', siteSpaceIds: [f.siteSpaces.api] } })).body),
    ).toEqual([api.id]);
    const current = { mode: 'default', currentSiteSpace: f.siteSpaces.api };
    expect(spaceIdsOf((await search(f, { scope: current })).body)).toEqual(
      [guides.id, api.id, internal.id].sort(),
    );
    expect(
      spaceIdsOf((await search(f, { scope: { ...current, restrictTo: 'currentSiteSpace' } })).body),
    ).toEqual([api.id]);
    expect(
      spaceIdsOf((await search(f, { scope: { ...current, restrictTo: 'otherSiteSpaces' } })).body),
    ).toEqual([guides.id, internal.id].sort());
    // GitBook's earlier forms.
    expect(spaceIdsOf((await search(f, { mode: 'all' })).body)).toEqual(
      [guides.id, api.id, internal.id].sort(),
    );
    expect(spaceIdsOf((await search(f, { siteSpaceIds: [f.siteSpaces.api] })).body)).toEqual([api.id]);
  });

  it('a member finds only in the spaces they may view; a visitor of an unpublished site finds nothing of it', async () => {
    const f = await siteFixture();
    const reader = await addMember(server, f.org.organization.id, 'read');
    const asReader = await search(f, { scope: { mode: 'all' } }, reader.token);
    expect(asReader.status).toBe(200);
    expect(spaceIdsOf(asReader.body)).toEqual([f.spaces.guides.id, f.spaces.api.id].sort());
    expectError(await search(f, {}, null), 404);
    const stranger = await addMember(server, (await createOrganization(server)).organization.id, 'admin');
    expectError(await search(f, {}, stranger.token), 404);
  });

  it('a published public site is searched by anyone', async () => {
    const f = await siteFixture();
    const published = await server.api(`${f.sitePath}/publish`, { method: 'POST', token: f.org.admin.token });
    expect(published.status).toBe(200);
    const anonymous = await search(f, { scope: { mode: 'all' } }, null);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.count).toBe(3);
  });

  it('refuses a site space the visit does not show (404), restrictTo without currentSiteSpace and a bad query (400)', async () => {
    const f = await siteFixture();
    expectError(await search(f, { scope: { mode: 'specific', siteSpaceIds: ['unknown'] } }), 404);
    expectFieldError(
      await search(f, { scope: { mode: 'default', restrictTo: 'currentSiteSpace' } }),
      'scope.restrictTo',
    );
    expectFieldError(await search(f, { query: '' }), 'query');
    expectFieldError(await search(f, { query: 'x'.repeat(513) }), 'query');
    expectFieldError(await search(f, { scope: { mode: 'everything' } }), 'scope');
  });
});
