/**
 * Which Spaces site listings embed, through real HTTP (issue 25, item 6; the rules of
 * `publishing/embedded-space.ts`): a reader who gets 404 on a space finds it in no site
 * listing (`GET SITE/site-spaces`, `GET SITE/structure`, `GET SITE/published`) unless the
 * site's publication shows it to them as a visitor (published 'public', or 'share-link' with
 * an active link's key), where it comes with no permissions; whoever may view the space gets
 * it with their permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { adminCall, createSite, published, sitePath } from './site-access-support';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies.
type Json = any;

let server: TestServer;
let org: TestOrganization;
let reader: TestMember;
let open: string;
let restricted: string;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  reader = await addMember(server, org.organization.id, 'read');
  open = (await createSpace(server, org, { title: 'Handbook' })).id;
  restricted = (await createSpace(server, org, { title: 'Board minutes', defaultLevel: null })).id;
});
afterAll(() => server.close());

/** A site of the visibility holding both spaces, published or not; its active share link's key. */
async function siteOf(visibility: string, publish: boolean): Promise<{ id: string; key: string }> {
  const site = await createSite(server, org, { visibility, spaces: [open, restricted] });
  const path = sitePath(org, site.id);
  if (publish) await adminCall(server, org, `${path}/publish`, 'POST');
  const link = (await adminCall(server, org, `${path}/share-links`, 'POST', { name: 'Partners' })).body;
  return { id: site.id, key: link.urls.published.split('/').at(-2) as string };
}

/** The spaces embedded in each listing a member of the organization reads, by id. */
async function listingsOf(siteId: string, token: string, shareKey?: string) {
  const query = shareKey === undefined ? '' : `?shareKey=${shareKey}`;
  const path = sitePath(org, siteId);
  const siteSpaces = await server.api(`${path}/site-spaces${query}`, { token });
  const structure = await server.api(`${path}/structure${query}`, { token });
  const view = await published(server, org, siteId, { token, ...(shareKey ? { shareKey } : {}) });
  for (const response of [siteSpaces, structure, view])
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  const spaces = (items: Json[]) => items.map((item) => item.space);
  return {
    siteSpaces: spaces(siteSpaces.body.items),
    count: siteSpaces.body.count,
    structure: spaces(structure.body.structure),
    published: spaces(view.body.structure.structure),
  };
}

const ids = (spaces: Json[]) => spaces.map((space) => space.id).sort();

describe('a reader who gets 404 on a space', () => {
  it('gets 404 on it (the premise)', async () => {
    expect((await server.api(`/v1/spaces/${restricted}`, { token: reader.token })).status).toBe(404);
  });

  it('an unpublished site: left out of every listing, its count included; the admin sees both', async () => {
    const site = await siteOf('public', false);
    const seen = await listingsOf(site.id, reader.token);
    expect(ids(seen.siteSpaces)).toEqual([open]);
    expect(seen.count).toBe(1);
    expect(ids(seen.structure)).toEqual([open]);
    expect(ids(seen.published)).toEqual([open]);
    expect(JSON.stringify(seen)).not.toContain('Board minutes');
    const admin = await listingsOf(site.id, org.admin.token);
    expect(ids(admin.siteSpaces)).toEqual([open, restricted].sort());
    expect(ids(admin.published)).toEqual([open, restricted].sort());
  });

  it('a published share-link site: left out without the key; with an active link’s key, embedded with no permissions', async () => {
    const site = await siteOf('share-link', true);
    const without = await listingsOf(site.id, reader.token);
    expect(ids(without.siteSpaces)).toEqual([open]);
    expect(ids(without.published)).toEqual([open]);
    const withKey = await listingsOf(site.id, reader.token, site.key);
    expect(ids(withKey.siteSpaces)).toEqual([open, restricted].sort());
    expect(ids(withKey.published)).toEqual([open, restricted].sort());
    const embedded = withKey.siteSpaces.find((space: Json) => space.id === restricted);
    expect(Object.values(embedded.permissions).every((allowed) => allowed === false)).toBe(true);
  });

  it('a published public site: embedded for them as for any anonymous visitor, with no permissions', async () => {
    const site = await siteOf('public', true);
    const seen = await listingsOf(site.id, reader.token);
    expect(ids(seen.siteSpaces)).toEqual([open, restricted].sort());
    const anonymous = await published(server, org, site.id);
    expect(ids(anonymous.body.structure.structure.map((item: Json) => item.space))).toEqual(
      [open, restricted].sort(),
    );
    const embedded = seen.published.find((space: Json) => space.id === restricted);
    expect(embedded.permissions.view).toBe(false);
    expect(seen.published.find((space: Json) => space.id === open).permissions.view).toBe(true);
  });
});
