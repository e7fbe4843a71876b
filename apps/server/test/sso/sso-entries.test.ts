/**
 * SSO entries through real HTTP (`GET ORG/sso`): the organization's active SAML providers
 * as `{id, label, startURL}`, for anyone (the sign-in screen reads them before anyone signs in).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../support/expectations';
import { addMember, createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { COMPLETE_PROVIDER, createProvider, providerPath } from './saml-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ssoPath = (organizationId: string) => `/v1/orgs/${organizationId}/sso`;

describe('GET /v1/orgs/:organizationId/sso', () => {
  it('lists the active providers only, oldest first, without paging', async () => {
    const org = await createOrganization(server);
    const first = await createProvider(server, org, COMPLETE_PROVIDER);
    await createProvider(server, org, { label: 'Pending' });
    const second = await createProvider(server, org, { ...COMPLETE_PROVIDER, label: 'Azure' });
    const reader = await addMember(server, org.organization.id, 'read');

    const response = await server.api(ssoPath(org.organization.id), { token: reader.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      items: [
        { id: first.id, label: 'Okta', startURL: `http://quire.test/saml/${first.id}/start` },
        { id: second.id, label: 'Azure', startURL: `http://quire.test/saml/${second.id}/start` },
      ],
    });
  });

  it('follows the providers: completing one adds it, deleting one removes it', async () => {
    const org = await createOrganization(server);
    const pending = await createProvider(server, org, { label: 'Later' });
    const active = await createProvider(server, org, COMPLETE_PROVIDER);
    const ids = async () =>
      (await server.api(ssoPath(org.organization.id), { token: org.admin.token })).body.items.map(
        (i: { id: string }) => i.id,
      );
    expect(await ids()).toEqual([active.id]);
    const { label: _label, ...configuration } = COMPLETE_PROVIDER;
    await server.api(providerPath(org.organization.id, pending.id), {
      method: 'PATCH',
      token: org.admin.token,
      body: configuration,
    });
    expect(await ids()).toEqual([pending.id, active.id]);
    await server.api(providerPath(org.organization.id, active.id), {
      method: 'DELETE',
      token: org.admin.token,
    });
    expect(await ids()).toEqual([pending.id]);
  });

  it('answers an empty list for an organization without providers, and shows a guest the entries', async () => {
    const org = await createOrganization(server);
    const guest = await addMember(server, org.organization.id, null);
    expect((await server.api(ssoPath(org.organization.id), { token: guest.token })).body).toEqual({
      items: [],
    });
    await createProvider(server, org, COMPLETE_PROVIDER);
    expect((await server.api(ssoPath(org.organization.id), { token: guest.token })).body.items).toHaveLength(
      1,
    );
  });

  it('is public, as in GitBook: without a token and for people of other organizations; an unknown organization is 404', async () => {
    const org = await createOrganization(server);
    const provider = await createProvider(server, org, COMPLETE_PROVIDER);
    const outsider = (await createOrganization(server)).admin;
    const entries = { items: [{ id: provider.id, label: 'Okta', startURL: provider.service.startURL }] };
    expect((await server.api(ssoPath(org.organization.id), { token: outsider.token })).body).toEqual(entries);
    const anonymous = await server.api(ssoPath(org.organization.id));
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual(entries);
    expectError(await server.api(ssoPath('nosuchorganization')), 404);
  });

  it('refuses parameters: the list is not paged', async () => {
    const org = await createOrganization(server);
    expectFieldError(
      await server.api(`${ssoPath(org.organization.id)}?limit=10`, { token: org.admin.token }),
      'limit',
    );
  });
});
