/**
 * The official client drives the collection operations: create (201), list (nested or
 * top level, paged), read, update, the collection's spaces, move (and its outcomes),
 * transfer, and delete (204, also when already gone).
 */
import { describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { createOrganization } from '../support/factories';
import { expectClientError, expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('collections', () => {
  it('createCollection, listCollectionsInOrganizationById, getCollectionById, updateCollectionById', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const orgs = client.api.orgs;

    const top = await orgs.createCollection(organization.id, { title: 'Guides' });
    expectConforms(client.last(), 'createCollection', 201);
    expect(top.data).toMatchObject({ object: 'collection', title: 'Guides', defaultLevel: 'inherit' });
    const nested = await orgs.createCollection(organization.id, { title: 'Nested', parent: top.data.id });
    expectConforms(client.last(), 'createCollection', 201);

    const all = await orgs.listCollectionsInOrganizationById(organization.id);
    expectConforms(client.last(), 'listCollectionsInOrganizationById', 200);
    expect(all.data.items.map((c) => c.id)).toEqual([top.data.id, nested.data.id]);
    const topLevel = await orgs.listCollectionsInOrganizationById(organization.id, {
      nested: false,
      limit: 1,
    });
    expectConforms(client.last(), 'listCollectionsInOrganizationById', 200);
    expect(topLevel.data.items.map((c) => c.id)).toEqual([top.data.id]);

    const got = await client.api.collections.getCollectionById(nested.data.id);
    expectConforms(client.last(), 'getCollectionById', 200);
    expect(got.data.parent).toBe(top.data.id);

    const updated = await client.api.collections.updateCollectionById(top.data.id, {
      title: 'Handbook',
      description: 'Everything',
      defaultLevel: 'inherit',
    });
    expectConforms(client.last(), 'updateCollectionById', 200);
    expect(updated.data).toMatchObject({ title: 'Handbook', description: 'Everything' });
  });

  it('moveCollection with its outcomes, transferCollection, deleteCollectionById, listSpacesInCollectionById', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const target = await createOrganization(server, { owner: org.admin });
    const client = officialClient(server.url, org.admin.token);
    const collections = client.api.collections;
    const first = await client.api.orgs.createCollection(org.organization.id, { title: 'First' });
    const second = await client.api.orgs.createCollection(org.organization.id, { title: 'Second' });
    const space = await createSpace(server, org, { parent: first.data.id });

    const moved = await collections.moveCollection(second.data.id, {
      position: { before: { type: 'collection', collection: first.data.id } },
    });
    expectConforms(client.last(), 'moveCollection', 200);
    expect(moved.data.id).toBe(second.data.id);
    await expectClientError(
      client,
      collections.moveCollection(second.data.id, {
        position: { before: { type: 'collection', collection: first.data.id } },
      }),
      'moveCollection',
      409,
    );
    await expectClientError(
      client,
      collections.moveCollection(second.data.id, { position: { after: { type: 'space', space: space.id } } }),
      'moveCollection',
      400,
    );
    await expectClientError(
      client,
      collections.moveCollection('nope', { parent: null }),
      'moveCollection',
      404,
    );

    const transferred = await collections.transferCollection(first.data.id, {
      organization: target.organization.id,
    });
    expectConforms(client.last(), 'transferCollection', 200);
    expect(transferred.data.organization).toBe(target.organization.id);
    await expectClientError(
      client,
      collections.transferCollection(first.data.id, { organization: target.organization.id }),
      'transferCollection',
      409,
    );

    await collections.deleteCollectionById(second.data.id);
    expectConforms(client.last(), 'deleteCollectionById', 204);
    await collections.deleteCollectionById(second.data.id);
    expectConforms(client.last(), 'deleteCollectionById', 204);

    // The spaces of the transferred collection went along.
    const spaces = await collections.listSpacesInCollectionById(first.data.id, { limit: 10 });
    expect(spaces.data.items.map((s) => s.id)).toEqual([space.id]);
    expectConforms(client.last(), 'listSpacesInCollectionById', 200);
  });
});
