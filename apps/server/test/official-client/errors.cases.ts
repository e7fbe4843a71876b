/**
 * Refusals as the official client sees them: it throws its GitBookAPIError carrying the HTTP
 * status and the server's `error.message`, and the body is the document's error shape
 * `{error: {code, message}}` with `code` equal to the status.
 */
import { GitBookAPIError } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser } from '../support/factories';
import { expectClientError, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('errors through the official client', () => {
  it('404: an organization that does not exist, and one the caller is not a member of', async () => {
    const server = testServer();
    const { organization } = await createOrganization(server);
    const outsider = await createUser(server);
    const client = officialClient(server.url, outsider.token);
    const missing = await expectClientError(
      client,
      client.api.orgs.getOrganizationById('no-such-organization'),
      'getOrganizationById',
      404,
    );
    expect(missing.message).toContain('[404]');
    await expectClientError(
      client,
      client.api.orgs.getOrganizationById(organization.id),
      'getOrganizationById',
      404,
    );
    await expectClientError(
      client,
      client.api.orgs.getOrganizationSamlProviderById(organization.id, 'no-such-provider'),
      'getOrganizationSAMLProviderById',
      404,
    );
  });

  it('404: a member or team that does not exist (operations documenting no 404)', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    await expectClientError(
      client,
      client.api.orgs.getMemberInOrganizationById(organization.id, 'no-such-user'),
      'getMemberInOrganizationById',
      404,
    );
    await expectClientError(
      client,
      client.api.orgs.getTeamInOrganizationById(organization.id, 'no-such-team'),
      'getTeamInOrganizationById',
      404,
    );
  });

  it('400: a title too short, and an invite without emails, naming the field; nothing changed', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const short = await expectClientError(
      client,
      client.api.orgs.updateOrganizationById(organization.id, { title: 'x' }),
      'updateOrganizationById',
      400,
    );
    expect(short.errorMessage).toContain('title');
    const invite = await expectClientError(
      client,
      // @ts-expect-error: the client's types require `emails`; a caller in plain JS may omit it
      client.api.orgs.inviteUsersToOrganization(organization.id, { role: 'read' }),
      'inviteUsersToOrganization',
      400,
    );
    expect(invite.errorMessage).toContain('emails');
    const { data } = await client.api.orgs.getOrganizationById(organization.id);
    expect(data.title).toBe(organization.title);
  });

  it('401 without a token, 403 for a role too low', async () => {
    const server = testServer();
    const { organization } = await createOrganization(server);
    const anonymous = officialClient(server.url);
    await expectClientError(
      anonymous,
      anonymous.api.user.getAuthenticatedUser(),
      'getAuthenticatedUser',
      401,
    );
    await expectClientError(
      anonymous,
      anonymous.api.orgs.listOrganizationsForAuthenticatedUser(),
      'listOrganizationsForAuthenticatedUser',
      401,
    );
    const reader = await addMember(server, organization.id, 'read');
    const client = officialClient(server.url, reader.token);
    const refused = await expectClientError(
      client,
      client.api.orgs.updateOrganizationById(organization.id, { title: 'Not allowed' }),
      'updateOrganizationById',
      403,
    );
    expect(refused).toBeInstanceOf(GitBookAPIError);
  });
});
