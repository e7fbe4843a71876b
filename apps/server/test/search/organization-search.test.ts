/**
 * Search of an organization through REST: only the spaces the caller can read, decided on
 * every request (a revoked grant takes the space out of the very next search), ranked by
 * their best page, paged by rank.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../support/content';
import { expectError, walkPages } from '../support/expectations';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let org: TestOrganization;
let reader: TestMember;
const spaces = new Map<string, string>();

async function spaceWith(title: string, pages: Array<[title: string, markdown: string]>, restricted = false) {
  const created = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title },
  });
  const id: string = created.body.id;
  spaces.set(title, id);
  const changes = pages.map(([page, markdown]) => ({
    operation: 'insert_page',
    title: page,
    document: { markdown },
  }));
  const edited = await server.api(`/v1/spaces/${id}/content`, {
    method: 'POST',
    token: org.admin.token,
    body: { changes },
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  if (restricted) {
    const updated = await server.api(`/v1/spaces/${id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { defaultLevel: null },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  }
}

const searchAs = (token: string, query: string, extra = '') =>
  server.api(`/v1/orgs/${org.organization.id}/search?query=${encodeURIComponent(query)}${extra}`, { token });

const titlesOf = (body: { items: Array<{ title: string }> }) => body.items.map((item) => item.title);

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  reader = await addMember(server, org.organization.id, 'read');
  await spaceWith('Guides', [
    ['Telescope basics', 'How a telescope gathers light.'],
    ['Mounts', 'A telescope needs a steady mount.'],
  ]);
  await spaceWith('Notes', [['Misc', 'Someone mentioned a telescope once.']]);
  await spaceWith('Secret plans', [['Telescope heist', 'The telescope plan, restricted.']], true);
});
afterAll(() => server.close());

describe('organization search', () => {
  it('ranks spaces by their best page, each with its pages in the space search shape', async () => {
    const response = await searchAs(org.admin.token, 'telescope');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.count).toBe(3);
    const guides = response.body.items.find((item: { id: string }) => item.id === spaces.get('Guides'));
    expect(guides.title).toBe('Guides');
    expect(guides.pages.map((page: { title: string }) => page.title)).toEqual(['Telescope basics', 'Mounts']);
    expect(guides.pages[0]).toMatchObject({
      path: 'telescope-basics',
      sections: [expect.objectContaining({ body: 'How a telescope gathers light.' })],
    });
    expect(guides.pages[0].urls.app).toContain(spaces.get('Guides'));
    // A title match ranks its space above one whose best match is in a body.
    const ranked = titlesOf(response.body);
    expect(ranked.indexOf('Guides')).toBeLessThan(ranked.indexOf('Notes'));
  });

  it('never shows a space the caller cannot read', async () => {
    const response = await searchAs(reader.token, 'telescope');
    expect(response.status).toBe(200);
    expect(titlesOf(response.body).sort()).toEqual(['Guides', 'Notes']);
    expect(JSON.stringify(response.body)).not.toContain('heist');
  });

  it('shows a space from its grant on, and no longer from the revocation on', async () => {
    const target = { kind: 'space' as const, id: spaces.get('Secret plans')! };
    await grant(server, org, target, { role: 'read', users: [reader.user.id] });
    expect(titlesOf((await searchAs(reader.token, 'heist')).body)).toEqual(['Secret plans']);
    await grant(server, org, target, { role: null, users: [reader.user.id] });
    const after = await searchAs(reader.token, 'heist');
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ items: [], count: 0 });
  });

  it('walks every space once with limit=1', async () => {
    const all = await searchAs(org.admin.token, 'telescope');
    const walked = await walkPages(
      server,
      `/v1/orgs/${org.organization.id}/search?query=telescope&limit=1`,
      org.admin.token,
    );
    expect(walked.items.map((item) => item.id)).toEqual(
      all.body.items.map((item: { id: string }) => item.id),
    );
    expect(walked.pages).toBe(3);
  });

  it('is a 404 for an organization the caller is not in', async () => {
    const outsider = await createOrganization(server);
    expectError(await searchAs(outsider.admin.token, 'telescope'), 404);
  });
});
