/**
 * The official client drives the space operations: create, list, get, update, duplicate,
 * move, transfer, delete and restore, and a member's spaces; each response is checked
 * against GitBook's document, and the refusals (no change, cannot move, window passed)
 * arrive as the client's errors with their statuses.
 */
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization } from '../support/factories';
import { expectClientError, expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('spaces', () => {
  it('createSpace, listSpacesInOrganizationById, getSpaceById, updateSpaceById', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const created = await client.api.orgs.createSpace(organization.id, { title: 'Handbook', emoji: '1f4d8' });
    expectConforms(client.last(), 'createSpace', 201);
    expect(created.data).toMatchObject({ object: 'space', title: 'Handbook', organization: organization.id });

    const listed = await client.api.orgs.listSpacesInOrganizationById(organization.id, { limit: 10 });
    expectConforms(client.last(), 'listSpacesInOrganizationById', 200);
    expect(listed.data.items.map((space) => space.id)).toEqual([created.data.id]);

    const fetched = await client.api.spaces.getSpaceById(created.data.id, { shareKey: 'key' });
    expectConforms(client.last(), 'getSpaceById', 200);
    expect(fetched.data.permissions.admin).toBe(true);

    const updated = await client.api.spaces.updateSpaceById(created.data.id, {
      title: 'Renamed',
      emoji: '1f600',
    });
    expectConforms(client.last(), 'updateSpaceById', 200);
    expect(updated.data).toMatchObject({ title: 'Renamed', emoji: '1f600' });
  });

  it('duplicateSpace, moveSpace, transferSpace with their refusals', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const target = await createOrganization(server, { owner: admin });
    const client = officialClient(server.url, admin.token);
    const space = await client.api.orgs.createSpace(organization.id, { title: 'A' });

    const copy = await client.api.spaces.duplicateSpace(space.data.id);
    expectConforms(client.last(), 'duplicateSpace', 201);
    expect(copy.data.title).toBe('A (copy)');

    const moved = await client.api.spaces.moveSpace(space.data.id, {
      position: { after: { type: 'space', space: copy.data.id } },
    });
    expectConforms(client.last(), 'moveSpace', 200);
    expect(moved.data.id).toBe(space.data.id);
    await expectClientError(
      client,
      client.api.spaces.moveSpace(space.data.id, { parent: null }),
      'moveSpace',
      409,
    );
    await expectClientError(
      client,
      client.api.spaces.moveSpace(space.data.id, {
        position: { before: { type: 'space', space: space.data.id } },
      }),
      'moveSpace',
      400,
    );

    await expectClientError(
      client,
      client.api.spaces.transferSpace(space.data.id, { organization: organization.id }),
      'transferSpace',
      409,
    );
    // An admin of the space's organization who only edits in the target: "cannot be moved".
    const source = await createOrganization(server);
    const own = await officialClient(server.url, source.admin.token).api.orgs.createSpace(
      source.organization.id,
      {
        title: 'Mine',
      },
    );
    await server.services.repos.members.insert({
      ...(await server.services.repos.members.find(source.organization.id, source.admin.user.id))!,
      organizationId: target.organization.id,
      role: 'edit',
    });
    const sourceAdminClient = officialClient(server.url, source.admin.token);
    await expectClientError(
      sourceAdminClient,
      sourceAdminClient.api.spaces.transferSpace(own.data.id, { organization: target.organization.id }),
      'transferSpace',
      412,
    );
    // A member who administers the space through its default level, but not the organization: 403.
    const editor = await addMember(server, source.organization.id, 'edit');
    await server.api(`/v1/spaces/${own.data.id}`, {
      method: 'PATCH',
      token: source.admin.token,
      body: { defaultLevel: 'admin' },
    });
    const editorClient = officialClient(server.url, editor.token);
    await expectClientError(
      editorClient,
      editorClient.api.spaces.transferSpace(own.data.id, { organization: target.organization.id }),
      'transferSpace',
      403,
    );
    const transferred = await client.api.spaces.transferSpace(space.data.id, {
      organization: target.organization.id,
    });
    expectConforms(client.last(), 'transferSpace', 200);
    expect(transferred.data.organization).toBe(target.organization.id);
  });

  it('deleteSpaceById and restoreSpace, refused after 7 days', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const space = await client.api.orgs.createSpace(organization.id, { title: 'Doomed' });
    await client.api.spaces.deleteSpaceById(space.data.id);
    expectConforms(client.last(), 'deleteSpaceById', 204);
    await client.api.spaces.deleteSpaceById(space.data.id);
    expectConforms(client.last(), 'deleteSpaceById', 204);
    const restored = await client.api.spaces.restoreSpace(space.data.id);
    expectConforms(client.last(), 'restoreSpace', 200);
    expect(restored.data.deletedAt).toBeUndefined();
    await client.api.spaces.deleteSpaceById(space.data.id);
    server.clock.advanceDays(8);
    await expectClientError(client, client.api.spaces.restoreSpace(space.data.id), 'restoreSpace', 410);
  });

  it('listSpacesForOrganizationMember: the role a member holds on each space', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const reader = await addMember(server, organization.id, 'read');
    const client = officialClient(server.url, admin.token);
    const space = await client.api.orgs.createSpace(organization.id, { title: 'Open' });
    const listed = await client.api.orgs.listSpacesForOrganizationMember(organization.id, reader.user.id, {
      order: 'asc',
    });
    expectConforms(client.last(), 'listSpacesForOrganizationMember', 200);
    expect(listed.data.items).toMatchObject([{ permission: 'read', space: { id: space.data.id } }]);
  });
});
