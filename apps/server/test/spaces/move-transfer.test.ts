/**
 * The place of a space through real HTTP: duplicate (after the original), move (parent and
 * position among siblings) and transfer (another organization and/or collection), with every
 * outcome's status and message, and nothing changed by a refused request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createSpace, grant } from '../support/content';
import { storedSpace } from '../support/content-tree';
import { expectError, expectFieldError, NO_CHANGE_MESSAGE } from '../support/expectations';
import { addMember, createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (path: string, token: string, body?: unknown) =>
  server.api(path, { method: 'POST', token, ...(body === undefined ? {} : { body }) });

/** Titles of the top-level spaces of an organization, in sibling order. */
async function topLevelOrder(organizationId: string): Promise<string[]> {
  const spaces = await server.services.repos.spaces.listLiveChildren(organizationId, undefined);
  return spaces.map((s) => s.title);
}

describe('POST /v1/spaces/:spaceId/duplicate', () => {
  it('creates a copy with the same settings, titled "(copy)", right after the original', async () => {
    const org = await createOrganization(server);
    const a = await createSpace(server, org, { title: 'A', emoji: '1f4d8', editMode: 'locked' });
    await createSpace(server, org, { title: 'B' });
    await server.api(`/v1/spaces/${a.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { language: 'de', defaultLevel: 'comment' },
    });
    const copy = await post(`/v1/spaces/${a.id}/duplicate`, org.admin.token);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      title: 'A (copy)',
      emoji: '1f4d8',
      editMode: 'locked',
      language: 'de',
      defaultLevel: 'comment',
    });
    expect(copy.body.id).not.toBe(a.id);
    expect(await topLevelOrder(org.organization.id)).toEqual(['A', 'A (copy)', 'B']);
    const long = await createSpace(server, org, { title: 'x'.repeat(50) });
    const longCopy = await post(`/v1/spaces/${long.id}/duplicate`, org.admin.token);
    expect(longCopy.body.title).toBe(`${'x'.repeat(43)} (copy)`);
  });
});

describe('POST /v1/spaces/:spaceId/move', () => {
  it('moves before and after siblings, many times, keeping a stable order', async () => {
    const org = await createOrganization(server);
    const ids: Record<string, string> = {};
    for (const title of ['A', 'B', 'C']) ids[title] = (await createSpace(server, org, { title })).id;
    const move = (title: string, position: unknown) =>
      post(`/v1/spaces/${ids[title]}/move`, org.admin.token, { position });
    expect((await move('C', { before: { type: 'space', space: ids.A } })).status).toBe(200);
    expect(await topLevelOrder(org.organization.id)).toEqual(['C', 'A', 'B']);
    expect((await move('C', { after: { type: 'space', space: ids.A } })).status).toBe(200);
    expect(await topLevelOrder(org.organization.id)).toEqual(['A', 'C', 'B']);
    for (let i = 0; i < 30; i++) await move(i % 2 ? 'A' : 'B', { after: { type: 'space', space: ids.C } });
    expect(await topLevelOrder(org.organization.id)).toEqual(['C', 'A', 'B']);
  });

  it('moves into a collection and back to the top level', async () => {
    const org = await createOrganization(server);
    const collection = await createCollection(server, org);
    const space = await createSpace(server, org);
    const inside = await post(`/v1/spaces/${space.id}/move`, org.admin.token, { parent: collection.id });
    expect(inside.status).toBe(200);
    expect(inside.body.parent).toBe(collection.id);
    const out = await post(`/v1/spaces/${space.id}/move`, org.admin.token, { parent: null });
    expect(out.status).toBe(200);
    expect(out.body.parent).toBeUndefined();
  });

  it('reports each outcome with its own status and message, and moves nothing', async () => {
    const org = await createOrganization(server);
    const a = await createSpace(server, org, { title: 'A' });
    const b = await createSpace(server, org, { title: 'B' });
    const collection = await createCollection(server, org);
    const inCollection = await createSpace(server, org, { parent: collection.id });
    const before = await storedSpace(server, a.id);
    const move = (body: unknown) => post(`/v1/spaces/${a.id}/move`, org.admin.token, body);

    const itself = await move({ position: { before: { type: 'space', space: a.id } } });
    expectError(itself, 400);
    expect(itself.body.error.message).toMatch(/invalid position/i);
    const notSibling = await move({ position: { after: { type: 'space', space: inCollection.id } } });
    expectError(notSibling, 400);
    expect(notSibling.body.error.message).toMatch(/invalid position/i);

    const unchanged = await move({ position: { before: { type: 'space', space: b.id } } });
    expectError(unchanged, 409);
    expect(unchanged.body.error.message).toBe(NO_CHANGE_MESSAGE);
    expectError(await move({ parent: null }), 409);

    expectError(await move({ position: { after: { type: 'space', space: 'no-such-space' } } }), 404);
    expectError(await move({ parent: 'no-such-collection' }), 404);
    expectError(await post('/v1/spaces/no-such-space/move', org.admin.token, { parent: null }), 404);

    expectFieldError(await move({}), 'parent');
    expectFieldError(
      await move({ position: { before: { type: 'page', page: 'x' } } }),
      'position.before.type',
    );
    expectFieldError(await move({ parent: 3 }), 'parent');
    expect(await storedSpace(server, a.id)).toEqual(before);
  });
});

describe('POST /v1/spaces/:spaceId/transfer', () => {
  it('moves the space to another organization (last at its top level) and drops its grants', async () => {
    const org = await createOrganization(server);
    const target = await createOrganization(server, { owner: org.admin });
    const reader = await addMember(server, org.organization.id, 'read');
    await createSpace(server, target, { title: 'Existing' });
    const space = await createSpace(server, org, { title: 'Moving' });
    await grant(server, org, { kind: 'space', id: space.id }, { role: 'edit', users: [reader.user.id] });
    const moved = await post(`/v1/spaces/${space.id}/transfer`, org.admin.token, {
      organization: target.organization.id,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.organization).toBe(target.organization.id);
    expect(await topLevelOrder(target.organization.id)).toEqual(['Existing', 'Moving']);
    // The list counts follow the space.
    const countOf = async (organizationId: string) =>
      (await server.api(`/v1/orgs/${organizationId}/spaces`, { token: org.admin.token })).body.count;
    expect([await countOf(org.organization.id), await countOf(target.organization.id)]).toEqual([0, 2]);
    expect(
      await server.services.repos.contentGrants.countForTarget({ kind: 'space', id: space.id }, 'user'),
    ).toBe(0);
    expectError(await server.api(`/v1/spaces/${space.id}`, { token: reader.token }), 404);
  });

  it('moves the space into a collection of the target organization', async () => {
    const org = await createOrganization(server);
    const target = await createOrganization(server, { owner: org.admin });
    const there = await createCollection(server, target);
    const space = await createSpace(server, org);
    const inThere = await post(`/v1/spaces/${space.id}/transfer`, org.admin.token, {
      organization: target.organization.id,
      parent: there.id,
    });
    expect(inThere.status).toBe(200);
    expect(inThere.body).toMatchObject({ organization: target.organization.id, parent: there.id });
  });

  it('reports each outcome with its own status and message, and moves nothing', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
    const before = await storedSpace(server, space.id);
    const transfer = (body: unknown) => post(`/v1/spaces/${space.id}/transfer`, org.admin.token, body);

    const unchanged = await transfer({ organization: org.organization.id });
    expectError(unchanged, 409);
    expect(unchanged.body.error.message).toBe(NO_CHANGE_MESSAGE);

    // A member of the target organization who is not its admin: cannot be moved.
    const memberOnly = await createOrganization(server);
    await server.services.repos.members.insert({
      ...(await server.services.repos.members.find(memberOnly.organization.id, memberOnly.admin.user.id))!,
      userId: org.admin.user.id,
      role: 'edit',
    });
    const cannot = await transfer({ organization: memberOnly.organization.id });
    expectError(cannot, 412);
    expect(cannot.body.error.message).toMatch(/cannot be moved/);

    // A collection of the target where the caller may not create: cannot be moved.
    const restricted = await createCollection(server, memberOnly);
    const targetAdmin = await createOrganization(server, { owner: org.admin });
    const foreignCollection = await createCollection(server, targetAdmin);
    expectError(await transfer({ organization: targetAdmin.organization.id, parent: restricted.id }), 404);
    expect(
      (await transfer({ organization: targetAdmin.organization.id, parent: 'no-such-collection' })).status,
    ).toBe(404);

    // Organizations the caller cannot see, and missing spaces: not found.
    const stranger = await createOrganization(server);
    expectError(await transfer({ organization: stranger.organization.id }), 404);
    expectError(await transfer({ organization: 'no-such-org' }), 404);
    expectError(
      await post('/v1/spaces/no-such-space/transfer', org.admin.token, { organization: org.organization.id }),
      404,
    );

    expectFieldError(await transfer({}), 'organization');
    expectFieldError(await transfer({ organization: 3 }), 'organization');
    expect(await storedSpace(server, space.id)).toEqual(before);
    expect(foreignCollection.organization).toBe(targetAdmin.organization.id);
  });
});
