/**
 * The official client drives the SAML provider operations (create 201, list, read, update,
 * delete), the SSO entries, and the invite links (create 201, list, read, update, delete).
 */
import { MemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { documentMismatches, expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

/** PEM armour around base64 text (the server checks the armour, it does not parse it). */
const CERTIFICATE = [
  '-----BEGIN CERTIFICATE-----',
  'MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ',
  'RTESMBAGA1UEChMJQmFsdGltb3JlMRMwEQYDVQQLEwpDeWJlclRydXN0MSIwIAYD',
  '-----END CERTIFICATE-----',
].join('\n');

describe('SAML providers and SSO entries', () => {
  it('create (201), list, read, update, SSO entries, delete (204, twice)', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const team = await client.api.orgs.createOrganizationTeam(organization.id, { title: 'From SSO' });

    await client.api.orgs.createOrganizationSamlProvider(organization.id, {
      label: 'Second',
      entityID: 'urn:second',
      certificate: CERTIFICATE,
      ssoURL: 'https://second.example.test/sso',
    });
    expectConforms(client.last(), 'createOrganizationSAMLProvider', 201);

    const created = await client.api.orgs.createOrganizationSamlProvider(organization.id, {
      label: 'Okta',
      entityID: 'http://www.okta.com/exk1234',
      certificate: CERTIFICATE,
      ssoURL: 'https://example.okta.com/app/quire/sso/saml',
      defaultTeam: team.data.id,
      defaultRole: MemberRole.Read,
    });
    expectConforms(client.last(), 'createOrganizationSAMLProvider', 201);
    expect(created.data).toMatchObject({ status: 'active', defaultRole: 'read' });
    const providerId = created.data.id;

    const list = await client.api.orgs.listSamlProvidersInOrganizationById(organization.id);
    expectConforms(client.last(), 'listSAMLProvidersInOrganizationById', 200);
    expect(list.data.items).toHaveLength(2);
    const page1 = await client.api.orgs.listSamlProvidersInOrganizationById(organization.id, { limit: 1 });
    expectConforms(client.last(), 'listSAMLProvidersInOrganizationById', 200);
    await client.api.orgs.listSamlProvidersInOrganizationById(organization.id, {
      limit: 1,
      page: page1.data.next?.page,
    });
    expectConforms(client.last(), 'listSAMLProvidersInOrganizationById', 200);

    const read = await client.api.orgs.getOrganizationSamlProviderById(organization.id, providerId);
    expectConforms(client.last(), 'getOrganizationSAMLProviderById', 200);
    expect(read.data.id).toBe(providerId);

    const updated = await client.api.orgs.updateOrganizationSamlProvider(organization.id, providerId, {
      label: 'Okta (prod)',
      defaultRole: null,
    });
    expectConforms(client.last(), 'updateOrganizationSAMLProvider', 200);
    expect(updated.data).toMatchObject({ label: 'Okta (prod)', defaultRole: null });

    const sso = await client.api.orgs.listSsoProviderLoginsInOrganization(organization.id);
    expectConforms(client.last(), 'listSSOProviderLoginsInOrganization', 200);
    expect(sso.data.items.map((item) => item.id)).toContain(providerId);

    await client.api.orgs.deleteOrganizationSamlProvider(organization.id, providerId);
    expectConforms(client.last(), 'deleteOrganizationSAMLProvider', 204);
    await client.api.orgs.deleteOrganizationSamlProvider(organization.id, providerId);
    expectConforms(client.last(), 'deleteOrganizationSAMLProvider', 204);
  });
  /**
   * KNOWN MISMATCH (reported to the lead): the document lets a provider be created with a
   * label only, yet requires `ssoURL` (format uri), `entityID` and `certificate` in every
   * provider it returns. Quire answers '' for the missing ones, and '' is not a URI. No
   * answer can satisfy both halves of the document: the test states the one difference
   * exactly, so that anything else (another status, a 500, a new difference) fails it.
   */
  it('a provider created with a label only (pending) differs from the document by its empty ssoURL alone', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    const pending = await client.api.orgs.createOrganizationSamlProvider(organization.id, {
      label: 'Half done',
    });
    expect(pending.data).toMatchObject({
      object: 'saml-provider',
      label: 'Half done',
      status: 'pending',
      ssoURL: '',
      entityID: '',
      certificate: '',
    });
    expect(documentMismatches(client.last(), 'createOrganizationSAMLProvider', 201)).toEqual([
      '/ssoURL: must match format "uri" {"format":"uri"} (schema #/components/schemas/URL/format); actual ""',
    ]);
  });
});

describe('invite links', () => {
  it('create (201), list, read, update, delete (204, twice)', async () => {
    const server = testServer();
    const { organization, admin } = await createOrganization(server);
    const client = officialClient(server.url, admin.token);
    await client.api.orgs.updateOrganizationById(organization.id, { inviteLinks: true });

    const created = await client.api.orgs.createOrganizationInvite(organization.id, {
      role: MemberRole.Read,
    });
    expectConforms(client.last(), 'createOrganizationInvite', 201);
    expect(created.data).toMatchObject({ object: 'invite', role: 'read' });
    const inviteId = created.data.id;
    const guests = await client.api.orgs.createOrganizationInvite(organization.id, { role: null });
    expectConforms(client.last(), 'createOrganizationInvite', 201);
    expect(guests.data).toMatchObject({ role: null });

    const list = await client.api.orgs.listOrganizationInviteLinks(organization.id);
    expectConforms(client.last(), 'listOrganizationInviteLinks', 200);
    expect(list.data.items).toHaveLength(2);
    const page1 = await client.api.orgs.listOrganizationInviteLinks(organization.id, { limit: 1 });
    expectConforms(client.last(), 'listOrganizationInviteLinks', 200);
    await client.api.orgs.listOrganizationInviteLinks(organization.id, {
      limit: 1,
      page: page1.data.next?.page,
    });
    expectConforms(client.last(), 'listOrganizationInviteLinks', 200);

    const read = await client.api.orgs.getOrganizationInviteLink(organization.id, inviteId);
    expectConforms(client.last(), 'getOrganizationInviteLink', 200);
    expect(read.data.id).toBe(inviteId);

    const updated = await client.api.orgs.updateOrganizationInviteById(organization.id, inviteId, {
      role: MemberRole.Edit,
    });
    expectConforms(client.last(), 'updateOrganizationInviteById', 200);
    expect(updated.data).toMatchObject({ id: inviteId, role: 'edit' });

    await client.api.orgs.deleteOrganizationInviteById(organization.id, inviteId);
    expectConforms(client.last(), 'deleteOrganizationInviteById', 204);
    await client.api.orgs.deleteOrganizationInviteById(organization.id, inviteId);
    expectConforms(client.last(), 'deleteOrganizationInviteById', 204);
  });
});
