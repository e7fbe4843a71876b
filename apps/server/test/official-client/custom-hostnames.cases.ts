/**
 * The official client drives custom hostnames: a site's hostname (set through Quire's PUT,
 * which GitBook's document lacks) read, revalidated (204) and removed (205, then 204), each
 * answer validated against the client's document.
 */
import { describe, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { expectConforms, officialClient } from './official-client';
import { testServer } from './shared-server';

describe('custom hostnames', () => {
  it('getCustomHostname, dnsRevalidateCustomHostname, removeCustomHostname', async () => {
    const server = testServer();
    const org = await createOrganization(server);
    const client = officialClient(server.url, org.admin.token);
    const { data: site } = await client.api.orgs.createSite(org.organization.id, { title: 'Hosted docs' });
    const hostname = `docs-${site.id.toLowerCase()}.client.example.com`;
    const set = await server.api(`/v1/custom-hostnames/${hostname}`, {
      method: 'PUT',
      token: org.admin.token,
      body: { target: { type: 'site', site: site.id } },
    });
    expect(set.status).toBe(200);

    const { data: read } = await client.api.customHostnames.getCustomHostname(hostname);
    expectConforms(client.last(), 'getCustomHostname', 200);
    expect(read).toMatchObject({ hostname, target: { type: 'site', site: site.id }, isActive: true });
    await client.api.customHostnames.dnsRevalidateCustomHostname(hostname);
    expectConforms(client.last(), 'dnsRevalidateCustomHostname', 204);
    await client.api.customHostnames.removeCustomHostname(hostname);
    expectConforms(client.last(), 'removeCustomHostname', 205);
    await client.api.customHostnames.removeCustomHostname(hostname);
    expectConforms(client.last(), 'removeCustomHostname', 204);
  });
});
