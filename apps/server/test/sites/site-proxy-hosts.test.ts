/**
 * A proxy's host belongs to one organization (`proxy-host-claims.ts`), through real HTTP: a
 * site's `proxy` on another organization's custom hostname or proxy host is a 409 naming
 * `proxy` with nothing written, on REST, GraphQL and tRPC; a custom hostname on another
 * organization's proxy host the same; two organizations racing for one host, at most one
 * wins; the claim released when the proxy changes or the site is deleted; nested proxies of
 * one organization still served; the lookup and the reader serving a live custom hostname
 * before any proxy, and never a proxy of an organization that does not hold the host, even
 * one stored before the claims existed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPage } from '../reader/reader-fixture';
import { expectError } from '../support/expectations';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { describeResponse } from '../support/faces/face-call';
import { createOrganization, type TestOrganization } from '../support/factories';
import { type ApiResponse, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read freely
type Json = any;

interface PublishedSite {
  org: TestOrganization;
  siteId: string;
  /** `/v1/orgs/<org>/sites/<site>`. */
  path: string;
}

/** A published site of `org` whose one space has the page Welcome, reading `text`. */
async function publishedSite(org: TestOrganization, text: string): Promise<PublishedSite> {
  const call = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const response = await server.api(path, {
      method,
      token: org.admin.token,
      ...(body === undefined ? {} : { body }),
    });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  };
  const orgPath = `/v1/orgs/${org.organization.id}`;
  const space = await call('POST', `${orgPath}/spaces`, { title: 'Docs' });
  await call('POST', `/v1/spaces/${space.id}/content`, {
    changes: [{ operation: 'insert_page', title: 'Welcome', document: { markdown: `${text}\n` } }],
  });
  const site = await call('POST', `${orgPath}/sites`, { title: 'Docs', spaces: [space.id] });
  const path = `${orgPath}/sites/${site.id}`;
  await call('POST', `${path}/publish`);
  return { org, siteId: site.id, path };
}

const patchSite = (site: PublishedSite, body: Record<string, unknown>) =>
  server.api(site.path, { method: 'PATCH', token: site.org.admin.token, body });

const setHostname = (org: TestOrganization, hostname: string, siteId: string) =>
  server.api(`/v1/custom-hostnames/${hostname}`, {
    method: 'PUT',
    token: org.admin.token,
    body: { target: { type: 'site', site: siteId } },
  });

const storedSite = async (site: PublishedSite): Promise<Json> =>
  (await server.api(site.path, { token: site.org.admin.token })).body;

/** The site `POST /v1/urls/published` resolves the URL to, or its status when it resolves none. */
async function siteAt(url: string): Promise<string | number> {
  const response = await server.api('/v1/urls/published', { method: 'POST', body: { url } });
  return response.status === 200 ? response.body.site : response.status;
}

const claimOf = (host: string) => server.services.repos.proxyHosts.find(host);

/** A 409 naming `proxy`. */
function expectProxyTaken(response: ApiResponse): void {
  expectError(response, 409);
  expect(response.body.error.issues?.map((issue: Json) => issue.field)).toEqual(['proxy']);
}

/** Stores a proxy on the site without the operation: a record written before claims existed. */
async function storeProxyAsBefore(site: PublishedSite, proxy: string): Promise<void> {
  const sites = server.services.repos.sites;
  const record = await sites.findById(site.siteId);
  if (!record) throw new Error('no site');
  expect(await sites.replace({ ...record, proxy, version: record.version + 1 }, record.version)).toBe(true);
}

let victim: PublishedSite;
let mallory: PublishedSite;
beforeAll(async () => {
  victim = await publishedSite(await createOrganization(server), 'The victim welcomes you.');
  mallory = await publishedSite(await createOrganization(server), 'Please enter your password.');
  expect((await setHostname(victim.org, 'docs.victim.test', victim.siteId)).status).toBe(200);
});

describe("a proxy on another organization's custom hostname", () => {
  it('is refused with 409 naming proxy, nothing written; the victim still served', async () => {
    const before = await storedSite(mallory);
    for (const proxy of ['docs.victim.test/welcome', 'DOCS.Victim.test/welcome', 'docs.victim.test/x/y']) {
      expectProxyTaken(await patchSite(mallory, { proxy, title: 'Phishing' }));
    }
    expect(await storedSite(mallory)).toEqual(before);
    expect(await claimOf('docs.victim.test')).toBeNull();
    const page = await getPage(server, '/welcome/', { host: 'docs.victim.test' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('The victim welcomes you.');
    expect(page.body).not.toContain('password');
    expect(await siteAt('https://docs.victim.test/welcome')).toBe(victim.siteId);
  });

  it('is refused the same on REST, GraphQL and tRPC', async () => {
    const route = findRoute('PATCH /v1/orgs/:organizationId/sites/:siteId');
    expect(route).toBeDefined();
    if (!route) return;
    const answers = await callFaces(server, {
      route,
      input: {
        organizationId: mallory.org.organization.id,
        siteId: mallory.siteId,
        proxy: 'docs.victim.test/welcome',
      },
      token: mallory.org.admin.token,
    });
    for (const answer of Object.values(answers)) {
      expect(answer.status, describeResponse(answer)).toBe(409);
      expect(answer.error?.code, answer.face).toBe('conflict');
      expect(answer.error?.fields, answer.face).toEqual(['proxy']);
    }
    expect((await storedSite(mallory)).proxy).toBeUndefined();
    expect(await claimOf('docs.victim.test')).toBeNull();
  });

  it('stored before the claims existed, is never served over the live custom hostname', async () => {
    const legacy = await publishedSite(await createOrganization(server), 'Legacy phishing.');
    await storeProxyAsBefore(legacy, 'docs.victim.test/welcome');
    expect(await siteAt('https://docs.victim.test/welcome')).toBe(victim.siteId);
    const page = await getPage(server, '/welcome/', { host: 'docs.victim.test' });
    expect(page.body).toContain('The victim welcomes you.');
    expect(page.body).not.toContain('Legacy phishing.');
  });
});

describe("a proxy on another organization's proxy host", () => {
  let help: PublishedSite;
  beforeAll(async () => {
    help = await publishedSite(victim.org, 'Help from the victim.');
    expect((await patchSite(help, { proxy: 'docs.shared.test/help' })).status).toBe(200);
  });

  it('is refused, at any path of the host; the victim still served', async () => {
    for (const proxy of ['docs.shared.test/help/welcome', 'docs.shared.test/other', 'Docs.Shared.Test/x'])
      expectProxyTaken(await patchSite(mallory, { proxy }));
    expect((await storedSite(mallory)).proxy).toBeUndefined();
    expect((await claimOf('docs.shared.test'))?.organizationId).toBe(victim.org.organization.id);
    expect(await siteAt('https://docs.shared.test/help/welcome')).toBe(help.siteId);
    const page = await getPage(server, '/help/welcome/', { host: 'docs.shared.test' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Help from the victim.');
  });

  it('nested in a proxy of the same organization is allowed, the longest path served', async () => {
    const nested = await publishedSite(victim.org, 'Nested API docs.');
    const set = await patchSite(nested, { proxy: 'docs.shared.test/help/api' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.proxy.origin).toBe('docs.shared.test/help/api');
    expect(await siteAt('https://docs.shared.test/help/api/welcome')).toBe(nested.siteId);
    expect(await siteAt('https://docs.shared.test/help/welcome')).toBe(help.siteId);
    expect((await getPage(server, '/help/api/welcome/', { host: 'docs.shared.test' })).body).toContain(
      'Nested API docs.',
    );
    expect((await getPage(server, '/help/welcome/', { host: 'docs.shared.test' })).body).toContain(
      'Help from the victim.',
    );
  });

  it('stored before the claims existed, is not served on a host another organization holds', async () => {
    const legacy = await publishedSite(await createOrganization(server), 'Legacy nested phishing.');
    await storeProxyAsBefore(legacy, 'docs.shared.test/help/welcome');
    expect(await siteAt('https://docs.shared.test/help/welcome')).toBe(help.siteId);
    const page = await getPage(server, '/help/welcome/', { host: 'docs.shared.test' });
    expect(page.body).toContain('Help from the victim.');
    expect(page.body).not.toContain('Legacy nested phishing.');
  });
});

describe("a custom hostname on another organization's proxy host", () => {
  it('is refused with 409, nothing written; the same organization may', async () => {
    const owner = await publishedSite(await createOrganization(server), 'Owner of the proxy.');
    expect((await patchSite(owner, { proxy: 'docs.proxied.test/guide' })).status).toBe(200);
    const taken = await setHostname(victim.org, 'docs.proxied.test', victim.siteId);
    expectError(taken, 409);
    expect((await storedSite(victim)).hostname).toBe('docs.victim.test');
    expect(await server.services.repos.customHostnames.find('docs.proxied.test')).toBeNull();
    expect(await siteAt('https://docs.proxied.test/guide/welcome')).toBe(owner.siteId);
    // Of the organization that holds the host: served there, before its proxy.
    const sibling = await publishedSite(owner.org, 'Sibling at the hostname.');
    expect((await setHostname(owner.org, 'docs.proxied.test', sibling.siteId)).status).toBe(200);
    expect(await siteAt('https://docs.proxied.test/guide/welcome')).toBe(sibling.siteId);
    // Once the hostname is another site's, no other site's proxy may be set on it.
    expectProxyTaken(await patchSite(owner, { proxy: 'docs.proxied.test/other' }));
  });

  it('stored as a proxy before the claims existed is refused too', async () => {
    const legacy = await publishedSite(await createOrganization(server), 'Legacy owner.');
    await storeProxyAsBefore(legacy, 'docs.legacy-proxy.test/docs');
    expectError(await setHostname(victim.org, 'docs.legacy-proxy.test', victim.siteId), 409);
    expect(await server.services.repos.customHostnames.find('docs.legacy-proxy.test')).toBeNull();
    expectProxyTaken(await patchSite(mallory, { proxy: 'docs.legacy-proxy.test/other' }));
    expect(await claimOf('docs.legacy-proxy.test')).toBeNull();
  });
});

describe("the host's claim", () => {
  it('is released when the proxy moves to another host, or is removed', async () => {
    const site = await publishedSite(await createOrganization(server), 'Moving.');
    expect((await patchSite(site, { proxy: 'docs.first.test/a' })).status).toBe(200);
    expect((await patchSite(site, { proxy: 'docs.first.test/b' })).status).toBe(200);
    expect((await claimOf('docs.first.test'))?.organizationId).toBe(site.org.organization.id);
    expect((await patchSite(site, { proxy: 'docs.second.test/a' })).status).toBe(200);
    expect(await claimOf('docs.first.test')).toBeNull();
    expect((await patchSite(mallory, { proxy: 'docs.first.test/a' })).status).toBe(200);
    expect((await patchSite(site, { proxy: null })).status).toBe(200);
    expect(await claimOf('docs.second.test')).toBeNull();
    expect((await patchSite(mallory, { proxy: null })).status).toBe(200);
    expect(await claimOf('docs.first.test')).toBeNull();
  });

  it('is kept while another site of the organization uses the host, and released with the last', async () => {
    const org = await createOrganization(server);
    const one = await publishedSite(org, 'One.');
    const two = await publishedSite(org, 'Two.');
    expect((await patchSite(one, { proxy: 'docs.kept.test/one' })).status).toBe(200);
    expect((await patchSite(two, { proxy: 'docs.kept.test/two' })).status).toBe(200);
    expect((await server.api(one.path, { method: 'DELETE', token: org.admin.token })).status).toBe(204);
    expect((await claimOf('docs.kept.test'))?.organizationId).toBe(org.organization.id);
    expectProxyTaken(await patchSite(mallory, { proxy: 'docs.kept.test/one' }));
    expect((await server.api(two.path, { method: 'DELETE', token: org.admin.token })).status).toBe(204);
    expect(await claimOf('docs.kept.test')).toBeNull();
    expect((await patchSite(mallory, { proxy: 'docs.kept.test/one' })).status).toBe(200);
    expect((await patchSite(mallory, { proxy: null })).status).toBe(200);
  });

  it('is not left behind by a change refused for another field', async () => {
    const site = await publishedSite(await createOrganization(server), 'Refused.');
    const refused = await patchSite(site, { proxy: 'docs.refused.test/a', defaultSiteSection: 'nope' });
    expect(refused.status).toBe(400);
    expect(await claimOf('docs.refused.test')).toBeNull();
    expect((await storedSite(site)).proxy).toBeUndefined();
  });
});

describe('two organizations racing for one host', () => {
  it('through proxies: at most one wins, and holds the claim', async () => {
    const rivals = await Promise.all([
      publishedSite(await createOrganization(server), 'Rival one.'),
      publishedSite(await createOrganization(server), 'Rival two.'),
    ]);
    for (let round = 0; round < 6; round++) {
      const host = `docs.race-${round}.test`;
      const answers = await Promise.all(
        rivals.map((site, i) => patchSite(site, { proxy: `${host}/${i === 0 ? 'a' : 'a/b'}` })),
      );
      const winners = answers.flatMap((answer, i) => (answer.status === 200 ? [rivals[i]!] : []));
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      expect(winners.length, `round ${round}`).toBeLessThanOrEqual(1);
      const claim = await claimOf(host);
      const proxied = await Promise.all(rivals.map(async (site) => (await storedSite(site)).proxy));
      expect(proxied.filter((proxy) => proxy?.origin.startsWith(`${host}/`)).length).toBe(winners.length);
      if (winners[0]) expect(claim?.organizationId).toBe(winners[0].org.organization.id);
      else expect(claim).toBeNull();
      await Promise.all(rivals.map((site) => patchSite(site, { proxy: null })));
    }
  });

  it('through a custom hostname and a proxy: at most one wins', async () => {
    const hosting = await publishedSite(await createOrganization(server), 'Hosting.');
    const proxying = await publishedSite(await createOrganization(server), 'Proxying.');
    for (let round = 0; round < 6; round++) {
      const host = `docs.mixed-race-${round}.test`;
      const [hosted, proxied] = await Promise.all([
        setHostname(hosting.org, host, hosting.siteId),
        patchSite(proxying, { proxy: `${host}/docs` }),
      ]);
      expect([200, 409]).toContain(hosted.status);
      expect([200, 409]).toContain(proxied.status);
      expect(hosted.status === 200 && proxied.status === 200, `round ${round}`).toBe(false);
      const expected =
        hosted.status === 200 ? hosting.siteId : proxied.status === 200 ? proxying.siteId : 404;
      expect(await siteAt(`https://${host}/docs/welcome`)).toBe(expected);
      if (proxied.status !== 200) expect(await claimOf(host)).toBeNull();
      if (hosted.status !== 200) expect(await server.services.repos.customHostnames.find(host)).toBeNull();
      await patchSite(proxying, { proxy: null });
    }
  });
});
