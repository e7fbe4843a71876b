/**
 * Custom hostnames through real HTTP: a site or an organization served at one (Quire's PUT),
 * read and revalidated (GitBook's GET and PATCH), removed (205, then 204); unique across the
 * server (409, nothing written); a site's change releasing its previous hostname; its
 * published URLs following it; what a host resolves to (`resolveCustomHostname`) only while
 * its target points at it; hostnames that are none (ports, paths, schemes, IPs, Quire's own)
 * refused with 400 naming `hostname`; the three faces alike.
 */
import { type OperationContext, resolveCustomHostname } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customHostnameRoutes } from '../../src/faces/rest/routes/custom-hostnames';
import { badInputCases, validInputOf } from '../support/bad-input';
import { expectFieldError } from '../support/expectations';
import { callFace, callFaces, findRoute, routeKey } from '../support/faces/call-faces';
import { describeResponse } from '../support/faces/face-call';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read freely
type Json = any;

const hostnamePath = (hostname: string) => `/v1/custom-hostnames/${hostname}`;

async function newSite(org: TestOrganization, title = 'Docs'): Promise<string> {
  const response = await server.api(`/v1/orgs/${org.organization.id}/sites`, {
    method: 'POST',
    token: org.admin.token,
    body: { title },
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

const setHostname = (token: string, hostname: string, target: unknown) =>
  server.api(hostnamePath(hostname), { method: 'PUT', token, body: { target } });

const siteOf = async (org: TestOrganization, siteId: string): Promise<Json> =>
  (await server.api(`/v1/orgs/${org.organization.id}/sites/${siteId}`, { token: org.admin.token })).body;

/** What a host resolves to, as the published-URL lookup and the Host seam ask it. */
async function resolved(host: string) {
  const ctx = Object.create(server.services) as OperationContext;
  ctx.caller = null;
  const target = await resolveCustomHostname(ctx, host);
  if (!target) return null;
  return target.type === 'site' ? { site: target.site.id } : { organization: target.organizationId };
}

describe("a site's custom hostname", () => {
  let org: TestOrganization;
  let siteId: string;
  beforeAll(async () => {
    org = await createOrganization(server);
    siteId = await newSite(org);
  });

  it('is set, read, and followed by the published URLs and by lookups', async () => {
    const set = await setHostname(org.admin.token, 'Docs.Acme-Site.COM', { type: 'site', site: siteId });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({
      object: 'custom-hostname',
      hostname: 'docs.acme-site.com',
      target: { type: 'site', site: siteId },
      isActive: true,
      urls: { location: `${server.config.publicUrl}/v1/custom-hostnames/docs.acme-site.com` },
    });
    const read = await server.api(hostnamePath('docs.acme-site.com'), { token: org.admin.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(set.body);
    expect((await siteOf(org, siteId)).hostname).toBe('docs.acme-site.com');
    await server.api(`/v1/orgs/${org.organization.id}/sites/${siteId}/publish`, {
      method: 'POST',
      token: org.admin.token,
    });
    expect((await siteOf(org, siteId)).urls.published).toBe('https://docs.acme-site.com/');
    expect(await resolved('docs.acme-site.com')).toEqual({ site: siteId });
    expect(await resolved('DOCS.acme-site.com:443')).toEqual({ site: siteId });
    expect(await resolved('docs.acme-site.com.')).toEqual({ site: siteId });
    expect(await resolved('other.acme-site.com')).toBeNull();
    expect(await resolved('not a host')).toBeNull();
  });

  it('is unique across the server: another site or organization gets 409, nothing written', async () => {
    const other = await createOrganization(server);
    const otherSite = await newSite(other);
    const taken = await setHostname(other.admin.token, 'docs.acme-site.com', {
      type: 'site',
      site: otherSite,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe(409);
    const byOrganization = await setHostname(other.admin.token, 'docs.acme-site.com', {
      type: 'organization',
      organization: other.organization.id,
    });
    expect(byOrganization.status).toBe(409);
    expect((await siteOf(other, otherSite)).hostname).toBeUndefined();
    expect(await resolved('docs.acme-site.com')).toEqual({ site: siteId });
  });

  it('set again is the same hostname; a new one releases the previous one', async () => {
    expect(
      (await setHostname(org.admin.token, 'docs.acme-site.com', { type: 'site', site: siteId })).status,
    ).toBe(200);
    expect(
      (await setHostname(org.admin.token, 'help.acme-site.com', { type: 'site', site: siteId })).status,
    ).toBe(200);
    expect((await siteOf(org, siteId)).hostname).toBe('help.acme-site.com');
    expect((await server.api(hostnamePath('docs.acme-site.com'), { token: org.admin.token })).status).toBe(
      404,
    );
    expect(await resolved('docs.acme-site.com')).toBeNull();
    const other = await createOrganization(server);
    const otherSite = await newSite(other);
    expect(
      (await setHostname(other.admin.token, 'docs.acme-site.com', { type: 'site', site: otherSite })).status,
    ).toBe(200);
    expect(await resolved('docs.acme-site.com')).toEqual({ site: otherSite });
  });

  it('is revalidated (204) and removed (205, then 204), the site no longer served there', async () => {
    const revalidated = await server.api(hostnamePath('help.acme-site.com'), {
      method: 'PATCH',
      token: org.admin.token,
    });
    expect(revalidated.status).toBe(204);
    const removed = await server.api(hostnamePath('help.acme-site.com'), {
      method: 'DELETE',
      token: org.admin.token,
    });
    expect(removed.status).toBe(205);
    expect((await siteOf(org, siteId)).hostname).toBeUndefined();
    expect(await resolved('help.acme-site.com')).toBeNull();
    const again = await server.api(hostnamePath('help.acme-site.com'), {
      method: 'DELETE',
      token: org.admin.token,
    });
    expect(again.status).toBe(204);
    const gone = await server.api(hostnamePath('help.acme-site.com'), {
      method: 'PATCH',
      token: org.admin.token,
    });
    expect(gone.status).toBe(404);
  });

  it('of a deleted site is free again and resolves to nothing', async () => {
    const doomed = await newSite(org, 'Doomed');
    expect(
      (await setHostname(org.admin.token, 'old.acme-site.com', { type: 'site', site: doomed })).status,
    ).toBe(200);
    const deleted = await server.api(`/v1/orgs/${org.organization.id}/sites/${doomed}`, {
      method: 'DELETE',
      token: org.admin.token,
    });
    expect(deleted.status).toBeLessThan(300);
    expect(await resolved('old.acme-site.com')).toBeNull();
    // Past the grace of a fresh claim, another site takes it over.
    server.clock.advance(61_000);
    const heir = await newSite(org, 'Heir');
    expect(
      (await setHostname(org.admin.token, 'old.acme-site.com', { type: 'site', site: heir })).status,
    ).toBe(200);
    expect(await resolved('old.acme-site.com')).toEqual({ site: heir });
  });

  it('is set by site admins only; readers see it, outsiders do not', async () => {
    await setHostname(org.admin.token, 'rules.acme-site.com', { type: 'site', site: siteId });
    const reader = await addMember(server, org.organization.id, 'read');
    const refused = await setHostname(reader.token, 'rules2.acme-site.com', { type: 'site', site: siteId });
    expect(refused.status).toBe(403);
    expect(await resolved('rules2.acme-site.com')).toBeNull();
    expect((await server.api(hostnamePath('rules.acme-site.com'), { token: reader.token })).status).toBe(200);
    const outsider = await createOrganization(server);
    expect(
      (await server.api(hostnamePath('rules.acme-site.com'), { token: outsider.admin.token })).status,
    ).toBe(404);
    const removal = await server.api(hostnamePath('rules.acme-site.com'), {
      method: 'DELETE',
      token: outsider.admin.token,
    });
    expect(removal.status).toBe(404);
    expect(await resolved('rules.acme-site.com')).toEqual({ site: siteId });
  });
});

describe("an organization's custom hostname", () => {
  it('is set by its admins, one at a time, and resolves to the organization', async () => {
    const org = await createOrganization(server);
    const target = { type: 'organization', organization: org.organization.id };
    const set = await setHostname(org.admin.token, 'www.acme-org.com', target);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.target).toEqual(target);
    expect(await resolved('www.acme-org.com')).toEqual({ organization: org.organization.id });
    expect((await setHostname(org.admin.token, 'docs.acme-org.com', target)).status).toBe(200);
    expect(await resolved('www.acme-org.com')).toBeNull();
    expect(await resolved('docs.acme-org.com')).toEqual({ organization: org.organization.id });
    const reader = await addMember(server, org.organization.id, 'read');
    expect((await setHostname(reader.token, 'x.acme-org.com', target)).status).toBe(403);
  });
});

describe('what is not a custom hostname', () => {
  let org: TestOrganization;
  let siteId: string;
  beforeAll(async () => {
    org = await createOrganization(server);
    siteId = await newSite(org);
  });
  const quireHost = () => new URL(server.config.publicUrl).hostname;

  it.each([
    ['a port', 'docs.example.com:8080'],
    ['two labels', 'example.com'],
    ['an IPv4 address', '10.0.0.12'],
    ['an empty label', 'docs..example.com'],
    ['an underscore', 'docs_x.example.com'],
    ['a label of 64 characters', `${'a'.repeat(64)}.example.com`],
    ['a hyphen at a label end', 'docs-.example.com'],
    ['254 characters and more', `${'a.'.repeat(127)}com`],
    ['an encoded slash', 'docs.example.com%2Fpath'],
  ])('%s is a 400 naming hostname, nothing written', async (_title, hostname) => {
    const response = await setHostname(org.admin.token, encodeURIComponent(hostname), {
      type: 'site',
      site: siteId,
    });
    expectFieldError(response, 'hostname');
    expect((await siteOf(org, siteId)).hostname).toBeUndefined();
  });

  it("Quire's own hostname is refused", async () => {
    const host = `docs.${quireHost()}`;
    expect((await setHostname(org.admin.token, host, { type: 'site', site: siteId })).status).toBe(200);
    await server.api(hostnamePath(host), { method: 'DELETE', token: org.admin.token });
    // A two-label host such as quire.test is no custom hostname anyway; Quire's own is named in the refusal when it has three.
    const own = quireHost().split('.').length >= 3 ? quireHost() : 'app.quire.test';
    const response = await setHostname(org.admin.token, own, { type: 'site', site: siteId });
    expectFieldError(response, 'hostname');
  });

  it.each([
    ['an unknown kind', { type: 'space', space: 'x' }, 'target.type'],
    ['a site pointer without its site', { type: 'site' }, 'target.site'],
    ['extra fields', { type: 'site', site: 'x', organization: 'y' }, 'target.organization'],
  ])('a target of %s is a 400 naming the field', async (_title, target, field) => {
    expectFieldError(await setHostname(org.admin.token, 'a.example.com', target), field);
  });

  it('a target that does not exist is a 404', async () => {
    expect(
      (await setHostname(org.admin.token, 'b.example.com', { type: 'site', site: 'nosuchsite' })).status,
    ).toBe(404);
  });
});

describe('on the three faces', () => {
  it('reads the same hostname and refuses the same bad input', async () => {
    const org = await createOrganization(server);
    const siteId = await newSite(org);
    await setHostname(org.admin.token, 'faces.example.com', { type: 'site', site: siteId });
    const read = await callFaces(server, {
      route: findRoute('GET /v1/custom-hostnames/:hostname')!,
      input: { hostname: 'faces.example.com' },
      token: org.admin.token,
    });
    for (const response of Object.values(read)) expect(response.status, describeResponse(response)).toBe(200);
    expect(read.trpc.data).toEqual(read.rest.data);
    const refused = await callFaces(server, {
      route: findRoute('PUT /v1/custom-hostnames/:hostname')!,
      input: { hostname: 'faces.example.com:80', target: { type: 'site', site: siteId } },
      token: org.admin.token,
    });
    for (const response of Object.values(refused)) {
      expect(response.status, describeResponse(response)).toBe(400);
      expect(response.error?.message).toContain('hostname');
    }
  });
});

describe('derived from the schemas', () => {
  for (const [index, route] of customHostnameRoutes.entries()) {
    it(`${routeKey(route)}: every derived bad input is a 400 (REST)`, async () => {
      const hostname = `derived-${index}.example.com`;
      const org = await createOrganization(server);
      const siteId = await newSite(org);
      expect((await setHostname(org.admin.token, hostname, { type: 'site', site: siteId })).status).toBe(200);
      for (const badCase of badInputCases(route).filter((c) => c.faces.includes('rest'))) {
        const response = await callFace(server, 'rest', {
          route,
          input: { ...validInputOf(route), hostname, ...badCase.values },
          token: org.admin.token,
          ...(badCase.rawFields ? { rawFields: badCase.rawFields } : {}),
        });
        expect(response.status, `${badCase.title}: ${describeResponse(response)}`).toBe(400);
      }
      expect(await resolved(hostname)).toEqual({ site: siteId });
    });
  }
});
