/**
 * Racing changes of one site's structure through real HTTP: every change replaces the whole
 * site over the version it read (retrying on a lost race), so racing requests all land, or
 * are refused by the rules against what the other did; nothing is lost or duplicated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { idsOf, siteFixture, spacesTitled } from './site-structure-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('racing structure changes', () => {
  it('keeps both of two sections created at once, with distinct paths', async () => {
    const org = await createOrganization(server);
    const [space] = await spacesTitled(server, org, 'Guides');
    const site = await siteFixture(server, org);
    const created = await Promise.all([
      site.call('POST', '/sections', { spaceId: space!.id }),
      site.call('POST', '/sections', { spaceId: space!.id }),
    ]);
    expect(created.map((response) => response.status)).toEqual([201, 201]);
    const sections = (await site.ok('GET', '/sections')).items;
    expect(idsOf(sections).sort()).toEqual(idsOf(created.map((response) => response.body)).sort());
    expect(new Set(sections.map((section: { path: string }) => section.path))).toEqual(
      new Set(['guides', 'guides-2']),
    );
    expect(sections.filter((section: { default: boolean }) => section.default)).toHaveLength(1);
  });

  it('loses and duplicates nothing when a sort races a delete', async () => {
    const org = await createOrganization(server);
    const [space] = await spacesTitled(server, org, 'S');
    const site = await siteFixture(server, org);
    const [a, b, c] = [
      await site.ok('POST', '/sections', { spaceId: space!.id, title: 'Aa' }),
      await site.ok('POST', '/sections', { spaceId: space!.id, title: 'Bb' }),
      await site.ok('POST', '/sections', { spaceId: space!.id, title: 'Cc' }),
    ];
    const [sorted, removed] = await Promise.all([
      site.call('PATCH', '/structure/sort', {
        item: { type: 'site-section', id: c.id },
        position: { before: { type: 'site-section', id: a.id } },
      }),
      site.call('DELETE', `/sections/${b.id}`),
    ]);
    expect(removed.status).toBe(204);
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    const structure = await site.ok('GET', '/structure');
    expect(idsOf(structure.structure)).toEqual([c.id, a.id]);
  });

  it('refuses the sort when the sibling it names was deleted first, leaving the rest whole', async () => {
    const org = await createOrganization(server);
    const [space] = await spacesTitled(server, org, 'S');
    const site = await siteFixture(server, org);
    const [a, b] = [
      await site.ok('POST', '/sections', { spaceId: space!.id, title: 'Aa' }),
      await site.ok('POST', '/sections', { spaceId: space!.id, title: 'Bb' }),
    ];
    const [sorted, removed] = await Promise.all([
      site.call('PATCH', '/structure/sort', {
        item: { type: 'site-section', id: b.id },
        position: { before: { type: 'site-section', id: a.id } },
      }),
      site.call('DELETE', `/sections/${a.id}`),
    ]);
    expect(removed.status).toBe(204);
    // Either order is a valid history: the sort before the delete, or refused after it.
    expect([200, 400]).toContain(sorted.status);
    expect(idsOf((await site.ok('GET', '/structure')).structure)).toEqual([b.id]);
  });

  it('keeps every one of many site spaces added at once', async () => {
    const org = await createOrganization(server);
    const spaces = await spacesTitled(server, org, 'One', 'Two', 'Three', 'Four', 'Five');
    const site = await siteFixture(server, org);
    const added = await Promise.all(
      spaces.map((space) => site.call('POST', '/site-spaces', { spaceId: space.id })),
    );
    expect(added.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    const listed = (await site.ok('GET', '/site-spaces')).items;
    expect(idsOf(listed).sort()).toEqual(idsOf(added.map((response) => response.body)).sort());
  });
});
