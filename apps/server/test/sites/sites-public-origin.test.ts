/**
 * Published sites on their own public origin (issue 28, item 9): with `QUIRE_SITES_URL`, a
 * published site's URL is on that origin (no port unless it has one), not the app's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ QUIRE_SITES_URL: 'https://docs.example.com:443/' });
});
afterAll(() => server.close());

describe('QUIRE_SITES_URL', () => {
  it("a published site's URL is on the sites' origin, without the default port", async () => {
    const org = await createOrganization(server);
    const sites = `/v1/orgs/${org.organization.id}/sites`;
    const site = await server.api(sites, { method: 'POST', token: org.admin.token, body: { title: 'Docs' } });
    expect(site.status).toBe(201);
    const published = await server.api(`${sites}/${site.body.id}/publish`, {
      method: 'POST',
      token: org.admin.token,
    });
    expect(published.status).toBe(200);
    expect(published.body.urls.published).toBe(
      `https://docs.example.com/~sites/${org.organization.id}/${site.body.id}/`,
    );
    // The app's own URLs stay the app's.
    expect(published.body.urls.app.startsWith('http://app.quire.test/')).toBe(true);
  });

  it('keeps a port that is not the default one and a path; refuses other schemes', () => {
    const base = { QUIRE_DATA_DIR: '/tmp/quire-config-test' };
    expect(parseConfig({ ...base, QUIRE_SITES_URL: 'http://docs.test:8080/help/' }).sitesUrl).toBe(
      'http://docs.test:8080/help',
    );
    expect(parseConfig(base).sitesUrl).toBeUndefined();
    expect(() => parseConfig({ ...base, QUIRE_SITES_URL: 'ftp://docs.test' })).toThrow(/QUIRE_SITES_URL/);
  });
});
