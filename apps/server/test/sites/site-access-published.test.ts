/**
 * `GET SITE/published` through real HTTP: the table of visibility × credential for anonymous
 * visitors (404 or the structure), the visitor token as `jwt_token` or as the
 * `gitbook-visitor-token` cookie, members (unpublished sites, their permissions, previews
 * with a token), share links deactivated or deleted, conditions selecting sections and site
 * spaces by claims, and a presented-but-invalid API token (401, never anonymous).
 */
import { operations } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { expectError } from '../support/expectations';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  adminCall,
  createSite,
  published,
  sitePath,
  type VisitorRequest,
  visitorToken,
} from './site-access-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
type Visibility = (typeof VISIBILITIES)[number];

interface Fixture {
  org: TestOrganization;
  siteId: string;
  spaceId: string;
  credentials: Record<string, VisitorRequest>;
}

/** A published site of the visibility, and every credential of the table made for it. */
async function publishedSite(visibility: Visibility, other: TestOrganization): Promise<Fixture> {
  const org = await createOrganization(server);
  const space = await createSpace(server, org, { title: 'Guides' });
  const site = await createSite(server, org, { title: 'Docs', visibility, spaces: [space.id] });
  const path = sitePath(org, site.id);
  await adminCall(server, org, `${path}/publish`, 'POST');
  const active = (await adminCall(server, org, `${path}/share-links`, 'POST', { name: 'Partners' })).body;
  const inactive = (await adminCall(server, org, `${path}/share-links`, 'POST', { name: 'Old' })).body;
  await adminCall(server, org, `${path}/share-links/${inactive.id}`, 'PATCH', { active: false });
  const oldKey = (await adminCall(server, org, `${path}/publishing/auth`, 'GET')).body.privateKey;
  const oldJwt = await visitorToken(oldKey, { beta: true });
  const key = (await adminCall(server, org, `${path}/publishing/auth/regenerate`, 'POST')).body.privateKey;
  expect(key).not.toBe(oldKey);
  const validJwt = await visitorToken(key, { beta: true });
  const ping = (await adminCall(server, org, `/v1/orgs/${org.organization.id}/ping`, 'POST')).body;
  const otherPing = (await adminCall(server, other, `/v1/orgs/${other.organization.id}/ping`, 'POST')).body;
  // A reader pings, then is made a guest: guests see no site, whatever token they kept.
  const demoted = await addMember(server, org.organization.id, 'read');
  const demotedPing = (
    await server.api(`/v1/orgs/${org.organization.id}/ping`, { method: 'POST', token: demoted.token })
  ).body;
  await adminCall(server, org, `/v1/orgs/${org.organization.id}/members/${demoted.user.id}`, 'PATCH', {
    role: null,
  });
  const keyOf = (link: { urls: { published: string } }) => link.urls.published.split('/').at(-2)!;
  return {
    org,
    siteId: site.id,
    spaceId: space.id,
    credentials: {
      none: {},
      'bad key': { shareKey: 'not-a-key-of-this-site' },
      'inactive link': { shareKey: keyOf(inactive) },
      'active link': { shareKey: keyOf(active) },
      'expired JWT': { jwt: await visitorToken(key, {}, { expiredSecondsAgo: 60 }) },
      'JWT without an expiry': { jwt: await visitorToken(key, {}, { noExpiry: true }) },
      'JWT signed HS512': { jwt: await visitorToken(key, {}, { alg: 'HS512' }) },
      'JWT of another key': { jwt: await visitorToken('another key entirely', {}) },
      'valid JWT': { jwt: validJwt },
      'valid JWT as the cookie': { cookie: `theme=dark; gitbook-visitor-token=${validJwt}` },
      'expired JWT as the cookie': {
        cookie: `gitbook-visitor-token=${await visitorToken(key, {}, { expiredSecondsAgo: 60 })}`,
      },
      'JWT of the key before regenerate': { jwt: oldJwt },
      'ping token of the organization': { jwt: ping.docsVisitorClaims },
      'ping token of another organization': { jwt: otherPing.docsVisitorClaims },
      'ping token of a member since made a guest': { jwt: demotedPing.docsVisitorClaims },
      'garbage token': { jwt: 'not.a.jwt' },
    },
  };
}

const OPENED_BY: Record<Visibility, readonly string[] | 'all'> = {
  public: 'all',
  unlisted: 'all',
  'share-link': ['active link'],
  'visitor-auth': ['valid JWT', 'valid JWT as the cookie', 'ping token of the organization'],
};

const CREDENTIALS = [
  'none',
  'bad key',
  'inactive link',
  'active link',
  'expired JWT',
  'JWT without an expiry',
  'JWT signed HS512',
  'JWT of another key',
  'valid JWT',
  'valid JWT as the cookie',
  'expired JWT as the cookie',
  'JWT of the key before regenerate',
  'ping token of the organization',
  'ping token of another organization',
  'ping token of a member since made a guest',
  'garbage token',
];

describe('anonymous visitors: visibility × credential', () => {
  const fixtures = new Map<Visibility, Fixture>();
  beforeAll(async () => {
    const other = await createOrganization(server);
    for (const visibility of VISIBILITIES) fixtures.set(visibility, await publishedSite(visibility, other));
  });

  const table = VISIBILITIES.flatMap((visibility) =>
    CREDENTIALS.map((credential) => {
      const opens = OPENED_BY[visibility] === 'all' || OPENED_BY[visibility].includes(credential);
      return [visibility, credential, opens ? 200 : 404] as const;
    }),
  );

  it.each(table)('%s, %s: %i', async (visibility, credential, status) => {
    const fixture = fixtures.get(visibility)!;
    const response = await published(server, fixture.org, fixture.siteId, fixture.credentials[credential]);
    if (status === 404) {
      expectError(response, 404);
      expect(response.body.error.message).toBe('Site not found');
      return;
    }
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      object: 'published-content-site',
      site: { object: 'site', id: fixture.siteId, visibility, published: true },
      structure: {
        type: 'siteSpaces',
        structure: [{ object: 'site-space', space: { id: fixture.spaceId } }],
      },
      scripts: [],
    });
    expect(Object.values(response.body.site.permissions).every((allowed) => allowed === false)).toBe(true);
  });

  it('gives the published URLs the share key only when it is an active link’s', async () => {
    const fixture = fixtures.get('share-link')!;
    const key = fixture.credentials['active link']!.shareKey!;
    const response = await published(server, fixture.org, fixture.siteId, { shareKey: key });
    const url = new URL(response.body.structure.structure[0].urls.published);
    expect(url.pathname.endsWith(`/${key}/`)).toBe(true);
    const open = fixtures.get('public')!;
    const plain = await published(server, open.org, open.siteId, { shareKey: 'whatever' });
    expect(plain.body.structure.structure[0].urls.published).not.toContain('whatever');
  });
});

describe('members and unpublished sites', () => {
  it('hides an unpublished site from anonymous visitors (404) and shows it to members with their permissions', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org, {});
    const site = await createSite(server, org, { spaces: [space.id] });
    expectError(await published(server, org, site.id), 404);
    const reader = await addMember(server, org.organization.id, 'read');
    const response = await published(server, org, site.id, { token: reader.token });
    expect(response.status).toBe(200);
    expect(response.body.site.published).toBe(false);
    expect(response.body.site.permissions).toMatchObject({ view: true, admin: false });
    // A guest or someone of another organization is an anonymous visitor here.
    const guest = await addMember(server, org.organization.id, null);
    expectError(await published(server, org, site.id, { token: guest.token }), 404);
    const stranger = await createOrganization(server);
    expectError(await published(server, org, site.id, { token: stranger.admin.token }), 404);
  });

  it('answers 404 for an unknown site and a site of another organization', async () => {
    const org = await createOrganization(server);
    const other = await createOrganization(server);
    const site = await createSite(server, other, {});
    await adminCall(server, other, `${sitePath(other, site.id)}/publish`, 'POST');
    expectError(await published(server, org, site.id, { token: org.admin.token }), 404);
    expectError(await published(server, org, 'nope', { token: org.admin.token }), 404);
  });

  it('refuses a presented API token that does not authenticate (401), never serving it as anonymous', async () => {
    const org = await createOrganization(server);
    const site = await createSite(server, org, {});
    await adminCall(server, org, `${sitePath(org, site.id)}/publish`, 'POST');
    expect((await published(server, org, site.id)).status).toBe(200);
    expectError(await published(server, org, site.id, { token: 'gb_api_forged' }), 401);
  });
});

describe('share links lock out at once', () => {
  it('a deactivated link, then a deleted one, answers 404 on the next request', async () => {
    const org = await createOrganization(server);
    const site = await createSite(server, org, { visibility: 'share-link' });
    const path = sitePath(org, site.id);
    await adminCall(server, org, `${path}/publish`, 'POST');
    const link = (await adminCall(server, org, `${path}/share-links`, 'POST', { name: 'Press' })).body;
    const shareKey = link.urls.published.split('/').at(-2)!;
    expect((await published(server, org, site.id, { shareKey })).status).toBe(200);
    await adminCall(server, org, `${path}/share-links/${link.id}`, 'PATCH', { active: false });
    expectError(await published(server, org, site.id, { shareKey }), 404);
    await adminCall(server, org, `${path}/share-links/${link.id}`, 'PATCH', { active: true });
    expect((await published(server, org, site.id, { shareKey })).status).toBe(200);
    await adminCall(server, org, `${path}/share-links/${link.id}`, 'DELETE');
    expectError(await published(server, org, site.id, { shareKey }), 404);
  });
});

describe('conditions select what a visitor is shown', () => {
  const schema = {
    type: 'object',
    properties: {
      beta: { type: 'boolean', description: 'Beta tester' },
      unsigned: {
        type: 'object',
        description: 'Unsigned claims of the site visitor.',
        properties: { staff: { type: 'boolean', description: 'Staff' } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };

  async function conditionalSite() {
    const org = await createOrganization(server);
    const [guides, beta, staff, api] = await Promise.all(
      ['Guides', 'Beta', 'Staff', 'API'].map((title) => createSpace(server, org, { title })),
    );
    const site = await createSite(server, org, {
      title: 'Docs',
      visibility: 'visitor-auth',
      spaces: [guides!.id],
    });
    const path = sitePath(org, site.id);
    await adminCall(server, org, path, 'PATCH', { adaptiveContent: { enabled: true } });
    await adminCall(server, org, `${path}/adaptive-schema`, 'PUT', { jsonSchema: schema });
    await adminCall(server, org, `${path}/publish`, 'POST');
    // The structure routes are another part of the work: the sections are made with their operations.
    const ids = { organizationId: org.organization.id, siteId: site.id };
    const { sites } = operations;
    const betaSection = await server.callOperation(sites.sections.create, org.admin, {
      ...ids,
      spaceId: beta!.id,
    });
    await server.callOperation(sites.sections.update, org.admin, {
      ...ids,
      siteSectionId: betaSection.id,
      condition: 'visitor.claims.beta == true',
    });
    const apiSection = await server.callOperation(sites.sections.create, org.admin, {
      ...ids,
      spaceId: api!.id,
    });
    const staffSpace = await server.callOperation(sites.siteSpaces.create, org.admin, {
      ...ids,
      spaceId: staff!.id,
      sectionId: apiSection.id,
    });
    await server.callOperation(sites.siteSpaces.update, org.admin, {
      ...ids,
      siteSpaceId: staffSpace.id,
      condition: 'visitor.claims.unsigned.staff == true',
    });
    const key = (await adminCall(server, org, `${path}/publishing/auth`, 'GET')).body.privateKey;
    return { org, siteId: site.id, key, titles: { beta: betaSection.title, api: apiSection.title } };
  }

  const shape = (body: {
    structure: { type: string; structure: Array<{ title: string; siteSpaces: Array<{ title: string }> }> };
  }) =>
    body.structure.structure.map((section) => [
      section.title,
      section.siteSpaces.map((siteSpace) => siteSpace.title),
    ]);

  it('leaves out sections and site spaces whose condition fails for the token’s claims', async () => {
    const site = await conditionalSite();
    const as = async (claims: Record<string, unknown>) => {
      const response = await published(server, site.org, site.siteId, {
        jwt: await visitorToken(site.key, claims),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.structure.type).toBe('sections');
      return shape(response.body);
    };
    expect(await as({})).toEqual([
      ['Docs', ['Guides']],
      ['API', ['API']],
    ]);
    expect(await as({ beta: true })).toEqual([
      ['Docs', ['Guides']],
      ['Beta', ['Beta']],
      ['API', ['API']],
    ]);
    expect(await as({ unsigned: { staff: true } })).toEqual([
      ['Docs', ['Guides']],
      ['API', ['API', 'Staff']],
    ]);
  });

  it('shows members everything, or what a token’s claims select when they send one', async () => {
    const site = await conditionalSite();
    const reader = await addMember(server, site.org.organization.id, 'read');
    const all = await published(server, site.org, site.siteId, { token: reader.token });
    expect(shape(all.body)).toEqual([
      ['Docs', ['Guides']],
      ['Beta', ['Beta']],
      ['API', ['API', 'Staff']],
    ]);
    const preview = await published(server, site.org, site.siteId, {
      token: reader.token,
      jwt: await visitorToken(site.key, { beta: true }),
    });
    expect(shape(preview.body)).toEqual([
      ['Docs', ['Guides']],
      ['Beta', ['Beta']],
      ['API', ['API']],
    ]);
  });

  it('refuses (409) a schema that would drop a claim a condition reads, changing nothing', async () => {
    const site = await conditionalSite();
    const path = `${sitePath(site.org, site.siteId)}/adaptive-schema`;
    const before = (await adminCall(server, site.org, path, 'GET')).body;
    const refused = await server.api(path, {
      method: 'PUT',
      token: site.org.admin.token,
      body: { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } },
    });
    expectError(refused, 409);
    expect(refused.body.error.message).toMatch(/section .*Beta/);
    expect(refused.body.error.message).toMatch(/site space/);
    expect((await adminCall(server, site.org, path, 'GET')).body).toEqual(before);
  });
});
