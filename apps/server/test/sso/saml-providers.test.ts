/**
 * SAML providers through real HTTP (`ORG/saml`): admins only; a provider is 'pending' until
 * its entity ID, certificate and sign-on URL are set, then 'active'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { addMember, createOrganization } from '../support/factories';
import { createTeam } from '../support/teams';
import { startTestServer, type TestServer } from '../support/test-server';
import { CERTIFICATE, COMPLETE_PROVIDER, createProvider, providerPath, samlPath } from './saml-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /v1/orgs/:organizationId/saml', () => {
  it('creates a pending provider from a label alone (201), with the service provider URLs', async () => {
    const org = await createOrganization(server);
    const createdAt = server.clock.now().toISOString();
    const provider = await createProvider(server, org, { label: 'Okta' });
    const base = `http://quire.test/saml/${provider.id}`;
    expect(provider).toEqual({
      object: 'saml-provider',
      id: expect.any(String),
      label: 'Okta',
      ssoURL: '',
      entityID: '',
      certificate: '',
      defaultRole: 'read',
      createdAt,
      status: 'pending',
      service: { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` },
      urls: { location: `http://quire.test/v1/orgs/${org.organization.id}/saml/${provider.id}` },
    });
  });

  it('creates an active provider when configured, embedding its default team', async () => {
    const org = await createOrganization(server);
    const team = await createTeam(server, org, { title: 'Everyone' });
    const provider = await createProvider(server, org, {
      ...COMPLETE_PROVIDER,
      defaultTeam: team.id,
      defaultRole: 'edit',
    });
    expect(provider).toMatchObject({
      ...COMPLETE_PROVIDER,
      status: 'active',
      defaultRole: 'edit',
      defaultTeam: {
        object: 'team',
        id: team.id,
        title: 'Everyone',
        permissions: { admin: true, view: true },
      },
    });
    const guests = await createProvider(server, org, { label: 'Guests', defaultRole: null });
    expect(guests.defaultRole).toBeNull();
  });

  it('refuses bad fields, naming each, and creates nothing', async () => {
    const org = await createOrganization(server);
    const foreignTeam = await createTeam(server, await createOrganization(server), { title: 'Foreign' });
    const post = (body: object) =>
      server.api(samlPath(org.organization.id), { method: 'POST', token: org.admin.token, body });
    expectFieldError(await post({}), 'label');
    expectFieldError(await post({ label: '' }), 'label');
    expectFieldError(await post({ label: 'x'.repeat(31) }), 'label');
    expectFieldError(await post({ ...COMPLETE_PROVIDER, certificate: 'not a certificate' }), 'certificate');
    expectFieldError(
      await post({
        ...COMPLETE_PROVIDER,
        certificate: CERTIFICATE.replace('CERTIFICATE-----\nMII', 'KEY-----\nMII'),
      }),
      'certificate',
    );
    expectFieldError(await post({ ...COMPLETE_PROVIDER, certificate: 'x'.repeat(10001) }), 'certificate');
    expectFieldError(await post({ ...COMPLETE_PROVIDER, ssoURL: 'not a url' }), 'ssoURL');
    expectFieldError(await post({ ...COMPLETE_PROVIDER, ssoURL: 'javascript:alert(1)' }), 'ssoURL');
    expectFieldError(
      await post({ ...COMPLETE_PROVIDER, ssoURL: `https://x.test/${'a'.repeat(2048)}` }),
      'ssoURL',
    );
    expectFieldError(await post({ ...COMPLETE_PROVIDER, entityID: 'x'.repeat(1025) }), 'entityID');
    expectFieldError(await post({ ...COMPLETE_PROVIDER, defaultRole: 'owner' }), 'defaultRole');
    expectFieldError(await post({ ...COMPLETE_PROVIDER, defaultTeam: 'no-such-team' }), 'defaultTeam');
    expectFieldError(await post({ ...COMPLETE_PROVIDER, defaultTeam: foreignTeam.id }), 'defaultTeam');
    expectFieldError(await post({ ...COMPLETE_PROVIDER, status: 'active' }), 'status');
    expect(await server.services.repos.samlProviders.count(org.organization.id)).toBe(0);
  });

  it('is refused to non-admins (403) and not found for outsiders, creating nothing', async () => {
    const org = await createOrganization(server);
    const creator = await addMember(server, org.organization.id, 'create');
    const outsider = (await createOrganization(server)).admin;
    const post = (token: string) =>
      server.api(samlPath(org.organization.id), { method: 'POST', token, body: COMPLETE_PROVIDER });
    expectError(await post(creator.token), 403);
    expectError(await post(outsider.token), 404);
    expect(await server.services.repos.samlProviders.count(org.organization.id)).toBe(0);
  });
});

describe('GET /v1/orgs/:organizationId/saml', () => {
  it('lists providers oldest first, with paging', async () => {
    const org = await createOrganization(server);
    const labels = ['One', 'Two', 'Three'];
    for (const label of labels) await createProvider(server, org, { label });
    const { items, counts, pages } = await walkPages(
      server,
      `${samlPath(org.organization.id)}?limit=2`,
      org.admin.token,
    );
    expect(pages).toBe(2);
    expect(counts).toEqual([3, 3]);
    expect(items.map((i) => i.label)).toEqual(labels);
  });

  it('refuses limit 0, limit 1001 and unknown parameters', async () => {
    const org = await createOrganization(server);
    const path = samlPath(org.organization.id);
    expectFieldError(await server.api(`${path}?limit=0`, { token: org.admin.token }), 'limit');
    expectFieldError(await server.api(`${path}?limit=1001`, { token: org.admin.token }), 'limit');
    expectFieldError(await server.api(`${path}?status=active`, { token: org.admin.token }), 'status');
  });
});

describe('GET /v1/orgs/:organizationId/saml/:samlProviderId', () => {
  it('answers the provider as created', async () => {
    const org = await createOrganization(server);
    const provider = await createProvider(server, org, COMPLETE_PROVIDER);
    const response = await server.api(providerPath(org.organization.id, provider.id), {
      token: org.admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(provider);
  });

  it('is not found for a missing provider, one of another organization, and an outsider', async () => {
    const org = await createOrganization(server);
    const elsewhere = await createOrganization(server);
    const provider = await createProvider(server, org, { label: 'X' });
    const foreign = await createProvider(server, elsewhere, { label: 'Y' });
    expectError(
      await server.api(providerPath(org.organization.id, 'missing'), { token: org.admin.token }),
      404,
    );
    expectError(
      await server.api(providerPath(org.organization.id, foreign.id), { token: org.admin.token }),
      404,
    );
    expectError(
      await server.api(providerPath(org.organization.id, provider.id), { token: elsewhere.admin.token }),
      404,
    );
  });
});

describe('PATCH /v1/orgs/:organizationId/saml/:samlProviderId', () => {
  it('changes the fields sent; completing the configuration activates the provider', async () => {
    const org = await createOrganization(server);
    const provider = await createProvider(server, org, { label: 'Draft', entityID: 'urn:idp' });
    const patch = (body: object) =>
      server.api(providerPath(org.organization.id, provider.id), {
        method: 'PATCH',
        token: org.admin.token,
        body,
      });

    const partial = await patch({ certificate: CERTIFICATE });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body).toMatchObject({
      label: 'Draft',
      entityID: 'urn:idp',
      certificate: CERTIFICATE,
      status: 'pending',
    });

    const complete = await patch({
      ssoURL: 'https://idp.example.test/sso',
      label: 'Ready',
      defaultRole: 'comment',
    });
    expect(complete.body).toMatchObject({
      label: 'Ready',
      ssoURL: 'https://idp.example.test/sso',
      status: 'active',
      defaultRole: 'comment',
      createdAt: provider.createdAt,
    });
    expect((await patch({})).body).toEqual(complete.body);
  });

  it('sets and clears the default team (null)', async () => {
    const org = await createOrganization(server);
    const team = await createTeam(server, org, { title: 'New people' });
    const provider = await createProvider(server, org, { label: 'X' });
    const path = providerPath(org.organization.id, provider.id);
    const set = await server.api(path, {
      method: 'PATCH',
      token: org.admin.token,
      body: { defaultTeam: team.id },
    });
    expect(set.body.defaultTeam).toMatchObject({ id: team.id, title: 'New people' });
    const cleared = await server.api(path, {
      method: 'PATCH',
      token: org.admin.token,
      body: { defaultTeam: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.defaultTeam).toBeUndefined();
  });

  it('forgets the default team when the team is deleted', async () => {
    const org = await createOrganization(server);
    const team = await createTeam(server, org, { title: 'Doomed' });
    const provider = await createProvider(server, org, { label: 'X', defaultTeam: team.id });
    expect(provider.defaultTeam.id).toBe(team.id);
    await server.api(`/v1/orgs/${org.organization.id}/teams/${team.id}`, {
      method: 'DELETE',
      token: org.admin.token,
    });
    const after = await server.api(providerPath(org.organization.id, provider.id), {
      token: org.admin.token,
    });
    expect(after.body.defaultTeam).toBeUndefined();
    const stored = await server.services.repos.samlProviders.findById(org.organization.id, provider.id);
    expect(stored?.defaultTeam).toBeUndefined();
  });

  it('refuses bad fields, naming each, and changes nothing', async () => {
    const org = await createOrganization(server);
    const provider = await createProvider(server, org, COMPLETE_PROVIDER);
    const patch = (body: object) =>
      server.api(providerPath(org.organization.id, provider.id), {
        method: 'PATCH',
        token: org.admin.token,
        body,
      });
    expectFieldError(await patch({ label: '' }), 'label');
    expectFieldError(await patch({ label: null }), 'label');
    expectFieldError(
      await patch({ certificate: '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----' }),
      'certificate',
    );
    expectFieldError(await patch({ ssoURL: 'ftp://idp.example.test' }), 'ssoURL');
    expectFieldError(await patch({ defaultRole: 'boss' }), 'defaultRole');
    expectFieldError(await patch({ defaultTeam: 'missing' }), 'defaultTeam');
    expectFieldError(await patch({ label: 'Fine', service: {} }), 'service');
    const after = await server.api(providerPath(org.organization.id, provider.id), {
      token: org.admin.token,
    });
    expect(after.body).toEqual(provider);
  });

  it('is not found for a missing provider and refused to non-admins, changing nothing', async () => {
    const org = await createOrganization(server);
    const provider = await createProvider(server, org, COMPLETE_PROVIDER);
    const reviewer = await addMember(server, org.organization.id, 'review');
    expectError(
      await server.api(providerPath(org.organization.id, 'missing'), {
        method: 'PATCH',
        token: org.admin.token,
        body: { label: 'Y' },
      }),
      404,
    );
    expectError(
      await server.api(providerPath(org.organization.id, provider.id), {
        method: 'PATCH',
        token: reviewer.token,
        body: { label: 'Y' },
      }),
      403,
    );
    const after = await server.api(providerPath(org.organization.id, provider.id), {
      token: org.admin.token,
    });
    expect(after.body.label).toBe('Okta');
  });
});

describe('DELETE /v1/orgs/:organizationId/saml/:samlProviderId', () => {
  it('deletes the provider; deleting again or a missing one succeeds (204)', async () => {
    const org = await createOrganization(server);
    const provider = await createProvider(server, org, { label: 'X' });
    const path = providerPath(org.organization.id, provider.id);
    const first = await server.api(path, { method: 'DELETE', token: org.admin.token });
    expect(first.status).toBe(204);
    expect(first.body).toBeUndefined();
    expectError(await server.api(path, { token: org.admin.token }), 404);
    expect((await server.api(path, { method: 'DELETE', token: org.admin.token })).status).toBe(204);
  });

  it('is refused to non-admins (403) and not found for outsiders, deleting nothing', async () => {
    const org = await createOrganization(server);
    const provider = await createProvider(server, org, { label: 'X' });
    const creator = await addMember(server, org.organization.id, 'create');
    const outsider = (await createOrganization(server)).admin;
    const path = providerPath(org.organization.id, provider.id);
    expectError(await server.api(path, { method: 'DELETE', token: creator.token }), 403);
    expectError(await server.api(path, { method: 'DELETE', token: outsider.token }), 404);
    expect((await server.api(path, { token: org.admin.token })).status).toBe(200);
  });
});
