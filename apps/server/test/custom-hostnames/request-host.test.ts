/**
 * The `Host` seam (`requestHostTarget`): a request whose Host is a site's or an
 * organization's custom hostname names it (port and case aside), Quire's own hosts and
 * unknown ones name nothing, and a hostname removed names nothing at once. Requests go over
 * real HTTP to a Fastify app that answers what its Host names, on the test server's services.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHostTarget } from '../../src/custom-hostnames/request-host-target';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let reader: FastifyInstance;
let port = 0;
beforeAll(async () => {
  server = await startTestServer();
  const hostTarget = requestHostTarget(server.services, [server.config.publicUrl, server.config.appUrl]);
  reader = Fastify();
  reader.get('/', async (request) => {
    const target = await hostTarget(request);
    // Asked twice in one request: one lookup.
    expect(await hostTarget(request)).toBe(target);
    if (!target) return { target: null };
    return target.type === 'site' ? { site: target.site.id } : { organization: target.organizationId };
  });
  await reader.listen({ port: 0, host: '127.0.0.1' });
  port = (reader.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await reader.close();
  await server.close();
});

/** What the reader answers for a request with this Host header. */
const named = (host: string): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path: '/', headers: { host } }, (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve(JSON.parse(text)));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });

describe('a request by its Host', () => {
  let org: TestOrganization;
  let siteId: string;
  beforeAll(async () => {
    org = await createOrganization(server);
    const site = await server.api(`/v1/orgs/${org.organization.id}/sites`, {
      method: 'POST',
      token: org.admin.token,
      body: { title: 'Hosted' },
    });
    siteId = site.body.id;
    const set = await server.api('/v1/custom-hostnames/docs.hosted-site.com', {
      method: 'PUT',
      token: org.admin.token,
      body: { target: { type: 'site', site: siteId } },
    });
    expect(set.status).toBe(200);
  });

  it('reaches the site whose custom hostname it is, whatever the case or port', async () => {
    expect(await named('docs.hosted-site.com')).toEqual({ site: siteId });
    expect(await named('DOCS.Hosted-Site.com:8443')).toEqual({ site: siteId });
  });

  it("names nothing for Quire's own hosts and unknown ones", async () => {
    expect(await named(new URL(server.config.publicUrl).host)).toEqual({ target: null });
    expect(await named('unknown.hosted-site.com')).toEqual({ target: null });
    expect(await named('127.0.0.1')).toEqual({ target: null });
  });

  it('reaches an organization by its hostname, and nothing once a hostname is removed', async () => {
    await server.api('/v1/custom-hostnames/www.hosted-org.com', {
      method: 'PUT',
      token: org.admin.token,
      body: { target: { type: 'organization', organization: org.organization.id } },
    });
    expect(await named('www.hosted-org.com')).toEqual({ organization: org.organization.id });
    await server.api('/v1/custom-hostnames/docs.hosted-site.com', {
      method: 'DELETE',
      token: org.admin.token,
    });
    expect(await named('docs.hosted-site.com')).toEqual({ target: null });
  });
});
