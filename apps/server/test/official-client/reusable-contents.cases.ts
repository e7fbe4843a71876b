/**
 * The official client reads a space's reusable contents (issue 27, item 3): one by id on the
 * current content, a revision and a change request, each answer checked against GitBook's
 * document, and an unknown one arriving as the client's 404. They are written through
 * `POST SPACE/content` (Quire's batch; the client's version has no write for them), and the
 * revision the client reads lists them (`reusableContents`) with the space's `variables`.
 */
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { expectClientError, expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('reusable contents', () => {
  it('getReusableContentById, getReusableContentInRevisionById, getReusableContentInChangeRequestById', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const { api } = client;
    const space = await api.orgs.createSpace(organization.id, { title: 'Handbook' });
    const spaceId = space.data.id;
    const edited = await server.api(`/v1/spaces/${spaceId}/content`, {
      method: 'POST',
      token: admin.token,
      body: {
        changes: [
          {
            operation: 'insert_reusable_content',
            title: 'Warning',
            document: { markdown: 'Back up first.' },
          },
          { operation: 'update_variables', variables: { version: '2.1' } },
        ],
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const reusableContentId = edited.body.changes[0].reusableContent as string;
    const revisionId = edited.body.revision as string;

    const current = await api.spaces.getReusableContentById(spaceId, reusableContentId);
    expectConforms(client.last(), 'getReusableContentById', 200);
    expect(current.data).toMatchObject({ id: reusableContentId, title: 'Warning' });

    const inRevision = await api.spaces.getReusableContentInRevisionById(
      spaceId,
      revisionId,
      reusableContentId,
    );
    expectConforms(client.last(), 'getReusableContentInRevisionById', 200);
    expect(inRevision.data).toEqual(current.data);

    const changeRequest = await api.spaces.createChangeRequest(spaceId, { subject: 'Reuse' });
    const inChangeRequest = await api.spaces.getReusableContentInChangeRequestById(
      spaceId,
      changeRequest.data.id,
      reusableContentId,
    );
    expectConforms(client.last(), 'getReusableContentInChangeRequestById', 200);
    expect(inChangeRequest.data).toEqual(current.data);

    const revision = await api.spaces.getRevisionById(spaceId, revisionId);
    expectConforms(client.last(), 'getRevisionById', 200);
    expect(revision.data.reusableContents).toEqual([current.data]);
    expect(revision.data.variables).toEqual({ version: '2.1' });

    await expectClientError(
      client,
      api.spaces.getReusableContentById(spaceId, 'no-such-content'),
      'getReusableContentById',
      404,
    );
  });
});
