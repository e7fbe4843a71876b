/**
 * A site's sections, section groups and site spaces through real HTTP: the structure rules
 * (the first section wraps the root site spaces and becomes the default, the default moves
 * on when it is deleted, paths stay unique, conditions are checked against the site's
 * schema), the deprecated moves, the structure read and its sort.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { idsOf, setClaims, siteFixture, spacesTitled } from './site-structure-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('sections', () => {
  it('creates a section from a space; the first one wraps the root site spaces and becomes the default', async () => {
    const org = await createOrganization(server);
    const [guides, api] = await spacesTitled(server, org, 'Guides', 'API reference');
    const site = await siteFixture(server, org, { title: 'Developer docs', spaces: [guides!.id] });
    const before = await site.ok('GET', '/structure');
    expect(before.type).toBe('siteSpaces');
    const rootSiteSpace = before.structure[0];

    const section = await site.ok('POST', '/sections', { spaceId: api!.id, icon: 'book' });
    expect(section).toMatchObject({
      object: 'site-section',
      title: 'API reference',
      path: 'api-reference',
      icon: 'book',
      default: false,
    });
    expect(section.urls.published).toBeUndefined();
    expect(section.siteSpaces).toHaveLength(1);
    expect(section.siteSpaces[0]).toMatchObject({ object: 'site-space', section: section.id, default: true });
    expect(section.siteSpaces[0].space.id).toBe(api!.id);

    const sections = await site.ok('GET', '/sections');
    expect(sections.count).toBe(2);
    const [wrapper, added] = sections.items;
    expect(wrapper).toMatchObject({ title: 'Developer docs', path: 'developer-docs', default: true });
    expect(idsOf(wrapper.siteSpaces)).toEqual([rootSiteSpace.id]);
    expect(added.id).toBe(section.id);
    const structure = await site.ok('GET', '/structure');
    expect(structure.type).toBe('sections');
    expect(idsOf(structure.structure)).toEqual([wrapper.id, section.id]);
    // GitBook's form, which its renderer selects with `#id` (an id led by a digit throws there).
    for (const id of [wrapper.id, section.id]) expect(id).toMatch(/^sitesc_[A-Za-z0-9_-]+$/);
  });

  it('makes the first section of an empty site its default, named by `title` or the space', async () => {
    const org = await createOrganization(server);
    const [space] = await spacesTitled(server, org, 'Handbook');
    const site = await siteFixture(server, org);
    const first = await site.ok('POST', '/sections', { spaceId: space!.id, title: null });
    expect(first).toMatchObject({ title: 'Handbook', default: true, path: 'handbook' });
    const second = await site.ok('POST', '/sections', { spaceId: space!.id, title: 'Handbook' });
    expect(second).toMatchObject({ title: 'Handbook', default: false, path: 'handbook-2' });
    expect((await site.ok('GET', '/sections')).count).toBe(2);
  });

  it('refuses a space of another organization (400 naming spaceId) and an unknown one (404), adding nothing', async () => {
    const org = await createOrganization(server);
    const other = await createOrganization(server, { owner: org.admin });
    const foreign = await createSpace(server, other, {});
    const site = await siteFixture(server, org);
    expectFieldError(await site.call('POST', '/sections', { spaceId: foreign.id }), 'spaceId');
    expectError(await site.call('POST', '/sections', { spaceId: 'unknown' }), 404);
    expectFieldError(await site.call('POST', '/sections', { spaceId: foreign.id, title: 'x' }), 'title');
    expectFieldError(
      await site.call('POST', '/sections', { spaceId: foreign.id, icon: 'i'.repeat(51) }),
      'icon',
    );
    expect((await site.ok('GET', '/sections')).count).toBe(0);
  });

  it('pages the sections in order (limit=1) and accepts only the key of an active share link', async () => {
    const org = await createOrganization(server);
    const [one, two, three] = await spacesTitled(server, org, 'One', 'Two', 'Three');
    const site = await siteFixture(server, org);
    const created = [];
    for (const space of [one!, two!, three!])
      created.push(await site.ok('POST', '/sections', { spaceId: space.id }));
    // The last one first: the list follows the site's order, not the ids'.
    await site.ok('POST', `/sections/${created[2].id}/move`, {
      position: { before: { type: 'site-section', siteSection: created[0].id } },
    });
    const walked = await walkPages(server, `${site.path}/sections?limit=1`, org.admin.token);
    expect(idsOf(walked.items)).toEqual([created[2].id, created[0].id, created[1].id]);
    expect(walked.pages).toBe(3);
    expectError(await site.call('GET', '/sections?shareKey=nope'), 404);
    expectError(await site.call('GET', '/site-spaces?shareKey=nope'), 404);
    expectError(await site.call('GET', '/structure?shareKey=nope'), 404);
  });

  it('changes title, path, default site space, icon and description; null removes', async () => {
    const org = await createOrganization(server);
    const [one, two] = await spacesTitled(server, org, 'One', 'Two');
    const site = await siteFixture(server, org);
    const first = await site.ok('POST', '/sections', { spaceId: one!.id });
    const second = await site.ok('POST', '/sections', { spaceId: two!.id });
    const variant = await site.ok('POST', '/site-spaces', { spaceId: two!.id, sectionId: second.id });
    const changed = await site.ok('PATCH', `/sections/${second.id}`, {
      title: 'Second',
      path: 'second',
      defaultSiteSpace: variant.id,
      icon: 'gear',
      description: 'The second section',
    });
    expect(changed).toMatchObject({
      title: 'Second',
      path: 'second',
      icon: 'gear',
      description: 'The second section',
    });
    expect(changed.siteSpaces.map((siteSpace: { default: boolean }) => siteSpace.default)).toEqual([
      false,
      true,
    ]);
    const cleared = await site.ok('PATCH', `/sections/${second.id}`, { icon: null, description: null });
    expect(cleared.icon).toBeUndefined();
    expect(cleared.description).toBeUndefined();
    expect(cleared.title).toBe('Second');

    const taken = await site.call('PATCH', `/sections/${second.id}`, { path: first.path });
    expectError(taken, 409);
    expect(taken.body.error.message).toContain('path');
    expectFieldError(
      await site.call('PATCH', `/sections/${second.id}`, { defaultSiteSpace: first.siteSpaces[0].id }),
      'defaultSiteSpace',
    );
    expectFieldError(await site.call('PATCH', `/sections/${second.id}`, { path: 'a/b' }), 'path');
    expectFieldError(
      await site.call('PATCH', `/sections/${second.id}`, { description: 'd'.repeat(257) }),
      'description',
    );
    expectError(await site.call('PATCH', '/sections/unknown', { title: 'Nope' }), 404);
    expect((await site.ok('GET', '/sections')).items[1]).toEqual(cleared);
  });

  it('checks a condition against the site schema: unset leaves it, null removes it, a bad one is a 400 naming condition', async () => {
    const org = await createOrganization(server);
    const [space] = await spacesTitled(server, org, 'Beta');
    const site = await siteFixture(server, org);
    const section = await site.ok('POST', '/sections', { spaceId: space!.id });
    const condition = 'visitor.claims.unsigned.betaUser == true';
    // The default schema has no claims.
    expectFieldError(await site.call('PATCH', `/sections/${section.id}`, { condition }), 'condition');
    await setClaims(server, site.siteId, ['betaUser']);
    const set = await site.ok('PATCH', `/sections/${section.id}`, { condition });
    expect(set.condition).toBe(condition);
    expect((await site.ok('PATCH', `/sections/${section.id}`, { title: 'Beta only' })).condition).toBe(
      condition,
    );
    for (const bad of [
      'visitor.claims.unsigned.unknown == true',
      'visitor.claims.unsigned.betaUser ==',
      'eval("1")',
    ]) {
      const refused = await site.call('PATCH', `/sections/${section.id}`, {
        condition: bad,
        title: 'Changed',
      });
      expectFieldError(refused, 'condition');
    }
    const unchanged = (await site.ok('GET', '/sections')).items[0];
    expect(unchanged).toMatchObject({ title: 'Beta only', condition });
    const removed = await site.ok('PATCH', `/sections/${section.id}`, { condition: null });
    expect(removed.condition).toBeUndefined();
  });

  it('deletes a section (204, also when gone); deleting the default makes the first remaining one the default', async () => {
    const org = await createOrganization(server);
    const [one, two, three] = await spacesTitled(server, org, 'One', 'Two', 'Three');
    const site = await siteFixture(server, org);
    const first = await site.ok('POST', '/sections', { spaceId: one!.id });
    const second = await site.ok('POST', '/sections', { spaceId: two!.id });
    const third = await site.ok('POST', '/sections', { spaceId: three!.id });
    await server.api(site.path, {
      method: 'PATCH',
      token: org.admin.token,
      body: { defaultSiteSection: second.id },
    });
    expect((await site.call('DELETE', `/sections/${second.id}`)).status).toBe(204);
    expect((await site.call('DELETE', `/sections/${second.id}`)).status).toBe(204);
    const sections = (await site.ok('GET', '/sections')).items;
    expect(idsOf(sections)).toEqual([first.id, third.id]);
    expect(sections.map((section: { default: boolean }) => section.default)).toEqual([true, false]);
    const siteSpaces = await site.ok('GET', '/site-spaces');
    expect(siteSpaces.items.map((siteSpace: { space: { id: string } }) => siteSpace.space.id)).toEqual([
      one!.id,
      three!.id,
    ]);
  });

  it('moves a section (deprecated move): before, after, last; invalid positions are 400', async () => {
    const org = await createOrganization(server);
    const [space] = await spacesTitled(server, org, 'S');
    const site = await siteFixture(server, org);
    const [a, b, c] = [
      await site.ok('POST', '/sections', { spaceId: space!.id, title: 'Aa' }),
      await site.ok('POST', '/sections', { spaceId: space!.id, title: 'Bb' }),
      await site.ok('POST', '/sections', { spaceId: space!.id, title: 'Cc' }),
    ];
    const order = async () => idsOf((await site.ok('GET', '/sections')).items);
    const moved = await site.ok('POST', `/sections/${c.id}/move`, {
      position: { after: { type: 'site-section', siteSection: a.id } },
    });
    expect(moved).toMatchObject({ object: 'site-section', id: c.id });
    expect(await order()).toEqual([a.id, c.id, b.id]);
    await site.ok('POST', `/sections/${a.id}/move`, {});
    expect(await order()).toEqual([c.id, b.id, a.id]);
    for (const position of [
      { before: { type: 'site-section', siteSection: a.id } },
      { before: { type: 'site-section', siteSection: 'unknown' } },
      {
        before: { type: 'site-section', siteSection: c.id },
        after: { type: 'site-section', siteSection: a.id },
      },
    ]) {
      expectError(await site.call('POST', `/sections/${a.id}/move`, { position }), 400);
    }
    expectError(await site.call('POST', '/sections/unknown/move', {}), 404);
    expect(await order()).toEqual([c.id, b.id, a.id]);
  });
});

describe('section groups', () => {
  it('creates a group with sections, adds and removes sections, changes, moves and deletes it', async () => {
    const org = await createOrganization(server);
    const [space] = await spacesTitled(server, org, 'S');
    const site = await siteFixture(server, org);
    const [a, b, c] = [
      await site.ok('POST', '/sections', { spaceId: space!.id, title: 'Aa' }),
      await site.ok('POST', '/sections', { spaceId: space!.id, title: 'Bb' }),
      await site.ok('POST', '/sections', { spaceId: space!.id, title: 'Cc' }),
    ];
    const group = await site.ok('POST', '/section-groups', {
      title: 'Group',
      icon: 'folder',
      sections: [b.id, a.id],
    });
    expect(group).toMatchObject({ object: 'site-section-group', title: 'Group', icon: 'folder' });
    expect(group.id).toMatch(/^sitesg_[A-Za-z0-9_-]+$/);
    expect(idsOf(group.sections)).toEqual([b.id, a.id]);
    expect(group.sections[0].sectionGroup).toBe(group.id);
    const top = async () => idsOf((await site.ok('GET', '/structure')).structure);
    expect(await top()).toEqual([c.id, group.id]);

    const added = await site.ok('POST', `/section-groups/${group.id}/sections`, { sectionId: c.id }, 200);
    expect(idsOf(added.sections)).toEqual([b.id, a.id, c.id]);
    expect(await top()).toEqual([group.id]);
    expect((await site.call('DELETE', `/section-groups/${group.id}/sections/${b.id}`)).status).toBe(204);
    expect((await site.call('DELETE', `/section-groups/${group.id}/sections/${b.id}`)).status).toBe(204);
    expect(await top()).toEqual([group.id, b.id]);

    const moved = await site.ok('POST', `/section-groups/${group.id}/move`, {
      position: { after: { type: 'site-section', id: b.id } },
    });
    expect(moved.id).toBe(group.id);
    expect(await top()).toEqual([b.id, group.id]);
    expectError(
      await site.call('POST', `/section-groups/${group.id}/move`, {
        position: { before: { type: 'site-section', id: a.id } },
      }),
      400,
    );

    const renamed = await site.ok('PATCH', `/section-groups/${group.id}`, { title: 'Renamed', icon: null });
    expect(renamed.title).toBe('Renamed');
    expect(renamed.icon).toBeUndefined();
    const groups = await site.ok('GET', '/section-groups');
    expect(groups.items).toEqual([renamed]);

    expect((await site.call('DELETE', `/section-groups/${group.id}`)).status).toBe(204);
    expect((await site.call('DELETE', `/section-groups/${group.id}`)).status).toBe(204);
    expect(await top()).toEqual([b.id, a.id, c.id]);
    expect((await site.ok('GET', '/section-groups')).count).toBe(0);
  });

  it('refuses sections of another site (400 naming the field) and unknown groups (404)', async () => {
    const org = await createOrganization(server);
    const [space] = await spacesTitled(server, org, 'S');
    const site = await siteFixture(server, org);
    const other = await siteFixture(server, org);
    const foreign = await other.ok('POST', '/sections', { spaceId: space!.id });
    const own = await site.ok('POST', '/sections', { spaceId: space!.id });
    expectFieldError(
      await site.call('POST', '/section-groups', { title: 'G', sections: [foreign.id] }),
      'sections',
    );
    expectFieldError(await site.call('POST', '/section-groups', { title: '', sections: [own.id] }), 'title');
    expect((await site.ok('GET', '/section-groups')).count).toBe(0);
    const group = await site.ok('POST', '/section-groups', { title: 'G' });
    expectFieldError(
      await site.call('POST', `/section-groups/${group.id}/sections`, { sectionId: foreign.id }),
      'sectionId',
    );
    expectError(await site.call('POST', '/section-groups/unknown/sections', { sectionId: own.id }), 404);
    expectError(await site.call('PATCH', '/section-groups/unknown', { title: 'G' }), 404);
    expectError(await site.call('POST', '/section-groups/unknown/move', {}), 404);
  });

  it('pages the groups (limit=1) in their order', async () => {
    const org = await createOrganization(server);
    const site = await siteFixture(server, org);
    const first = await site.ok('POST', '/section-groups', { title: 'First' });
    const second = await site.ok('POST', '/section-groups', { title: 'Second' });
    await site.ok('POST', `/section-groups/${second.id}/move`, {
      position: { before: { type: 'site-section-group', id: first.id } },
    });
    const walked = await walkPages(server, `${site.path}/section-groups?limit=1`, org.admin.token);
    expect(idsOf(walked.items)).toEqual([second.id, first.id]);
  });
});

describe('site spaces', () => {
  it('adds spaces at the root of a site without sections, in the default section, or in a named one', async () => {
    const org = await createOrganization(server);
    const [one, two, three] = await spacesTitled(server, org, 'One', 'Two', 'Three');
    const site = await siteFixture(server, org);
    const root = await site.ok('POST', '/site-spaces', { spaceId: one!.id });
    expect(root).toMatchObject({ object: 'site-space', path: 'one', default: true, title: 'One' });
    expect(root.section).toBeUndefined();
    const again = await site.ok('POST', '/site-spaces', { spaceId: one!.id });
    expect(again.path).toBe('one-2');
    const section = await site.ok('POST', '/sections', { spaceId: two!.id });
    const inDefault = await site.ok('POST', '/site-spaces', { spaceId: three!.id });
    const wrapper = (await site.ok('GET', '/sections')).items[0];
    expect(inDefault.section).toBe(wrapper.id);
    const named = await site.ok('POST', '/site-spaces', { spaceId: three!.id, sectionId: section.id });
    expect(named).toMatchObject({ section: section.id, default: false });
    const all = await site.ok('GET', '/site-spaces');
    expect(idsOf(all.items)).toEqual([root.id, again.id, inDefault.id, section.siteSpaces[0].id, named.id]);
  });

  it('refuses a space of another organization, a section of another site, and a space hidden from the caller', async () => {
    const org = await createOrganization(server);
    const other = await createOrganization(server, { owner: org.admin });
    const foreign = await createSpace(server, other, {});
    const stranger = await createOrganization(server);
    const hidden = await createSpace(server, stranger, {});
    const [space] = await spacesTitled(server, org, 'S');
    const site = await siteFixture(server, org);
    const otherSite = await siteFixture(server, org);
    const otherSection = await otherSite.ok('POST', '/sections', { spaceId: space!.id });
    expectFieldError(await site.call('POST', '/site-spaces', { spaceId: foreign.id }), 'spaceId');
    expectError(await site.call('POST', '/site-spaces', { spaceId: hidden.id }), 404);
    expectFieldError(
      await site.call('POST', '/site-spaces', { spaceId: space!.id, sectionId: otherSection.id }),
      'sectionId',
    );
    expect((await site.ok('GET', '/site-spaces')).count).toBe(0);
  });

  it('filters by `default` and pages (limit=1)', async () => {
    const org = await createOrganization(server);
    const spaces = await spacesTitled(server, org, 'One', 'Two', 'Three');
    const site = await siteFixture(server, org, { spaces: idsOf(spaces) });
    const all = (await site.ok('GET', '/site-spaces')).items;
    expect(all).toHaveLength(3);
    expect(idsOf((await site.ok('GET', '/site-spaces?default=true')).items)).toEqual([all[0].id]);
    expect(idsOf((await site.ok('GET', '/site-spaces?default=false')).items)).toEqual([all[1].id, all[2].id]);
    const walked = await walkPages(server, `${site.path}/site-spaces?limit=1`, org.admin.token);
    expect(idsOf(walked.items)).toEqual(idsOf(all));
    expect(walked.counts).toEqual([3, 3, 3]);
    expectFieldError(await site.call('GET', '/site-spaces?default=maybe'), 'default');
  });

  it('changes path (unique among siblings), space and condition', async () => {
    const org = await createOrganization(server);
    const [one, two] = await spacesTitled(server, org, 'One', 'Two');
    const site = await siteFixture(server, org, { spaces: [one!.id, two!.id] });
    await setClaims(server, site.siteId, ['staff']);
    const [first, second] = (await site.ok('GET', '/site-spaces')).items;
    const changed = await site.ok('PATCH', `/site-spaces/${second.id}`, {
      path: 'v2',
      spaceId: one!.id,
      condition: 'visitor.claims.unsigned.staff == true',
    });
    expect(changed).toMatchObject({ path: 'v2', condition: 'visitor.claims.unsigned.staff == true' });
    expect(changed.space.id).toBe(one!.id);
    const taken = await site.call('PATCH', `/site-spaces/${second.id}`, { path: first.path });
    expectError(taken, 409);
    expect(taken.body.error.message).toContain('path');
    expectFieldError(
      await site.call('PATCH', `/site-spaces/${second.id}`, {
        condition: 'visitor.claims.unsigned.nope',
        path: 'v3',
      }),
      'condition',
    );
    const other = await createOrganization(server, { owner: org.admin });
    const foreign = await createSpace(server, other, {});
    expectFieldError(
      await site.call('PATCH', `/site-spaces/${second.id}`, { spaceId: foreign.id }),
      'spaceId',
    );
    const kept = await site.ok('PATCH', `/site-spaces/${second.id}`, {});
    expect(kept).toEqual(changed);
    const removed = await site.ok('PATCH', `/site-spaces/${second.id}`, { condition: null });
    expect(removed.condition).toBeUndefined();
    expectError(await site.call('PATCH', '/site-spaces/unknown', { path: 'x' }), 404);
  });

  it('moves among siblings only, and deletes (204, also when gone) with the default moving on', async () => {
    const org = await createOrganization(server);
    const spaces = await spacesTitled(server, org, 'One', 'Two', 'Three');
    const site = await siteFixture(server, org, { spaces: idsOf(spaces) });
    const [a, b, c] = (await site.ok('GET', '/site-spaces')).items;
    const moved = await site.ok('POST', `/site-spaces/${c.id}/move`, {
      position: { before: { type: 'site-space', siteSpace: a.id } },
    });
    expect(moved.id).toBe(c.id);
    const order = async () => idsOf((await site.ok('GET', '/site-spaces')).items);
    expect(await order()).toEqual([c.id, a.id, b.id]);
    expectError(
      await site.call('POST', `/site-spaces/${c.id}/move`, {
        position: { after: { type: 'site-space', siteSpace: 'x' } },
      }),
      400,
    );
    expectError(await site.call('POST', '/site-spaces/unknown/move', {}), 404);
    // `a` is the default (the first site space while none is set); deleting it hands over to the first left.
    expect((await site.call('DELETE', `/site-spaces/${a.id}`)).status).toBe(204);
    expect((await site.call('DELETE', `/site-spaces/${a.id}`)).status).toBe(204);
    expect(idsOf((await site.ok('GET', '/site-spaces?default=true')).items)).toEqual([c.id]);
  });
});

describe('structure', () => {
  it('reads both shapes and sorts items among their siblings, refusing moves across levels', async () => {
    const org = await createOrganization(server);
    const [one, two] = await spacesTitled(server, org, 'One', 'Two');
    const site = await siteFixture(server, org, { spaces: [one!.id, two!.id] });
    const flat = await site.ok('GET', '/structure');
    expect(flat.type).toBe('siteSpaces');
    const [x, y] = flat.structure;
    const sorted = await site.ok('PATCH', '/structure/sort', {
      item: { type: 'site-space', id: y.id },
      position: { before: { type: 'site-space', id: x.id } },
    });
    expect(sorted).toMatchObject({ object: 'site-space', id: y.id });
    expect(idsOf((await site.ok('GET', '/structure')).structure)).toEqual([y.id, x.id]);

    const section = await site.ok('POST', '/sections', { spaceId: two!.id });
    const group = await site.ok('POST', '/section-groups', { title: 'G', sections: [section.id] });
    const wrapper = (await site.ok('GET', '/sections')).items[0];
    const tree = await site.ok('GET', '/structure');
    expect(tree.type).toBe('sections');
    expect(tree.structure.map((item: { object: string }) => item.object)).toEqual([
      'site-section',
      'site-section-group',
    ]);

    const groupFirst = await site.ok('PATCH', '/structure/sort', {
      item: { type: 'site-section-group', id: group.id },
      position: { before: { type: 'site-section', id: wrapper.id } },
    });
    expect(groupFirst).toMatchObject({ object: 'site-section-group', id: group.id });
    expect(idsOf((await site.ok('GET', '/structure')).structure)).toEqual([group.id, wrapper.id]);
    const last = await site.ok('PATCH', '/structure/sort', {
      item: { type: 'site-section-group', id: group.id },
    });
    expect(last.id).toBe(group.id);
    expect(idsOf((await site.ok('GET', '/structure')).structure)).toEqual([wrapper.id, group.id]);

    const before = await site.ok('GET', '/structure');
    for (const [item, position] of [
      // A site space next to a section; a grouped section next to a top-level one; a section next to a site space.
      [{ type: 'site-space', id: x.id }, { before: { type: 'site-section', id: wrapper.id } }],
      [{ type: 'site-section', id: section.id }, { after: { type: 'site-section', id: wrapper.id } }],
      [{ type: 'site-section', id: wrapper.id }, { after: { type: 'site-space', id: x.id } }],
      [{ type: 'site-section', id: wrapper.id }, { after: { type: 'site-section', id: wrapper.id } }],
    ]) {
      const refused = await site.call('PATCH', '/structure/sort', { item, position });
      expectError(refused, 400);
    }
    expectError(
      await site.call('PATCH', '/structure/sort', { item: { type: 'site-section', id: 'unknown' } }),
      404,
    );
    expectError(
      await site.call('PATCH', '/structure/sort', { item: { type: 'site-space', id: 'unknown' } }),
      404,
    );
    expect(await site.ok('GET', '/structure')).toEqual(before);
  });

  it('gives published URLs only while the site is published, with the share key when given', async () => {
    const org = await createOrganization(server);
    const [space] = await spacesTitled(server, org, 'Guides');
    const site = await siteFixture(server, org, { spaces: [space!.id], visibility: 'share-link' });
    expect((await site.ok('GET', '/site-spaces')).items[0].urls.published).toBeUndefined();
    await site.ok('POST', '/publish', undefined, 200);
    const base = `http://app.quire.test/~sites/${org.organization.id}/${site.siteId}/`;
    expect((await site.ok('GET', '/site-spaces')).items[0].urls.published).toBe(base);
    const stored = await server.services.repos.sites.findById(site.siteId);
    const link = { id: 'link', key: 'secret-key', active: true, createdAt: stored!.createdAt };
    await server.services.repos.sites.replace(
      { ...stored!, shareLinks: [link], version: stored!.version + 1 },
      stored!.version,
    );
    const structure = await site.ok('GET', '/structure?shareKey=secret-key');
    expect(structure.structure[0].urls.published).toBe(`${base}secret-key/`);
  });
});
