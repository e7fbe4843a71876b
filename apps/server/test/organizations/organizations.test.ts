import { addOrganizationMember } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { addMember, createOrganization, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

/** The `permissions` of GitBook's Organization, written out as its API document lists them. */
const ALL_ORGANIZATION_PERMISSIONS = [
  'view',
  'admin',
  'ownTeam',
  'createContent',
  'createOpenAPISpec',
  'ingestConversations',
  'viewBilling',
  'listMembers',
  'listTeams',
  'listIntegrations',
  'listInstallations',
  'installIntegration',
] as const;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const orgPath = (id: string) => `/v1/orgs/${id}`;
const patch = (id: string, token: string | undefined, body: unknown) =>
  server.api(orgPath(id), { method: 'PATCH', token, body });

describe('GET /v1/orgs', () => {
  it("lists the caller's organizations, oldest first, each with the caller's permissions", async () => {
    const person = await createUser(server);
    const owned = await createOrganization(server, { owner: person });
    const other = await createOrganization(server);
    await addOrganizationMember(server.services, {
      organizationId: other.organization.id,
      user: person.user,
      role: 'read',
    });
    const notMine = await createOrganization(server);

    const response = await server.api('/v1/orgs', { token: person.token });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(2);
    expect(response.body.next).toBeUndefined();
    expect(response.body.items.map((o: { id: string }) => o.id)).toEqual([
      owned.organization.id,
      other.organization.id,
    ]);
    const [adminView, readView] = response.body.items;
    expect(adminView.permissions.admin).toBe(true);
    expect(adminView.permissions.createContent).toBe(true);
    expect(readView.permissions).toMatchObject({
      view: true,
      admin: false,
      createContent: false,
      listMembers: true,
    });
    expect(response.body.items.some((o: { id: string }) => o.id === notMine.organization.id)).toBe(false);
  });

  it('pages through many organizations without repeating one', async () => {
    const person = await createUser(server);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await createOrganization(server, { owner: person })).organization.id);
    const { items, counts, pages } = await walkPages(server, '/v1/orgs?limit=2', person.token);
    expect(pages).toBe(3);
    expect(items.map((o) => o.id)).toEqual(ids);
    expect(new Set(counts)).toEqual(new Set([5]));
  });

  it('refuses a limit outside 1..1000 and unknown parameters', async () => {
    const { admin } = await createOrganization(server);
    expectFieldError(await server.api('/v1/orgs?limit=0', { token: admin.token }), 'limit');
    expectFieldError(await server.api('/v1/orgs?limit=1001', { token: admin.token }), 'limit');
    expectFieldError(await server.api('/v1/orgs?limit=ten', { token: admin.token }), 'limit');
    expectFieldError(await server.api('/v1/orgs?color=blue', { token: admin.token }), 'color');
    expectFieldError(await server.api('/v1/orgs?page=garbage', { token: admin.token }), 'page');
  });
});

describe('POST /v1/orgs', () => {
  it('creates an organization with the defaults, the caller as its admin', async () => {
    const person = await createUser(server);
    const response = await server.api('/v1/orgs', {
      method: 'POST',
      token: person.token,
      body: { title: '  Acme ' },
    });
    expect(response.status).toBe(201);
    const org = response.body;
    expect(org).toMatchObject({
      object: 'organization',
      title: 'Acme',
      type: 'business',
      plan: 'free_2024',
      defaultRole: 'read',
      emailDomains: [],
      sso: false,
      ai: false,
      inviteLinks: false,
      trial: { status: 'notapplicable' },
      internal_isOnNewTrial: true,
      createdAt: server.clock.now().toISOString(),
      urls: { location: `http://quire.test/v1/orgs/${org.id}`, app: `http://app.quire.test/o/${org.id}` },
    });
    expect(org.hostname).toBeUndefined();
    for (const action of ALL_ORGANIZATION_PERMISSIONS) expect(org.permissions[action]).toBe(true);

    const member = await server.api(`${orgPath(org.id)}/members/${person.user.id}`, { token: person.token });
    expect(member.status).toBe(200);
    expect(member.body.role).toBe('admin');
    const listed = await server.api('/v1/orgs', { token: person.token });
    expect(listed.body.items.map((o: { id: string }) => o.id)).toEqual([org.id]);
  });

  it('takes the type, use case and email domains of the body', async () => {
    const person = await createUser(server);
    const response = await server.api('/v1/orgs', {
      method: 'POST',
      token: person.token,
      body: {
        title: 'Open',
        type: 'community',
        useCase: 'openSourceDocs',
        emailDomains: ['Example.ORG', 'example.org'],
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      type: 'community',
      plan: 'community_2024',
      useCase: 'openSourceDocs',
      emailDomains: ['example.org'],
    });
  });

  it('refuses bad input, naming the field, and creates nothing', async () => {
    const person = await createUser(server);
    const post = (body: unknown) => server.api('/v1/orgs', { method: 'POST', token: person.token, body });
    expectFieldError(await post({ title: 'A' }), 'title');
    expectFieldError(await post({ title: 'x'.repeat(256) }), 'title');
    expectFieldError(await post({}), 'title');
    expectFieldError(await post({ title: 42 }), 'title');
    expectFieldError(await post({ title: 'Acme', type: 'government' }), 'type');
    expectFieldError(await post({ title: 'Acme', hostname: 'acme' }), 'hostname');
    expectFieldError(await post({ title: 'Acme', emailDomains: ['not a domain'] }), 'emailDomains.0');
    const listed = await server.api('/v1/orgs', { token: person.token });
    expect(listed.body.count).toBe(0);
  });

  it('accepts a title of exactly 2 and 255 characters', async () => {
    const person = await createUser(server);
    for (const title of ['ab', 'y'.repeat(255)]) {
      const response = await server.api('/v1/orgs', { method: 'POST', token: person.token, body: { title } });
      expect(response.status).toBe(201);
      expect(response.body.title).toBe(title);
    }
  });
});

describe('GET /v1/orgs/:organizationId', () => {
  it("shows the caller's permissions for each role", async () => {
    const { organization, admin } = await createOrganization(server);
    const read = await addMember(server, organization.id, 'read');
    const create = await addMember(server, organization.id, 'create');
    const guest = await addMember(server, organization.id, null);

    const asAdmin = await server.api(orgPath(organization.id), { token: admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.id).toBe(organization.id);
    expect(asAdmin.body.permissions).toMatchObject({
      admin: true,
      viewBilling: true,
      listMembers: true,
      ownTeam: true,
    });

    const asCreate = await server.api(orgPath(organization.id), { token: create.token });
    expect(asCreate.body.permissions).toMatchObject({
      view: true,
      admin: false,
      createContent: true,
      createOpenAPISpec: true,
      viewBilling: false,
      listMembers: true,
    });

    const asRead = await server.api(orgPath(organization.id), { token: read.token });
    expect(asRead.body.permissions).toMatchObject({
      view: true,
      admin: false,
      ownTeam: false,
      createContent: false,
      listMembers: true,
      listTeams: true,
    });

    const asGuest = await server.api(orgPath(organization.id), { token: guest.token });
    expect(asGuest.status).toBe(200);
    expect(asGuest.body.permissions).toMatchObject({
      view: true,
      admin: false,
      listMembers: false,
      listTeams: false,
    });
  });

  it('is not found for a member of another organization, and for an unknown id', async () => {
    const { organization } = await createOrganization(server);
    const outsider = await createOrganization(server);
    expectError(await server.api(orgPath(organization.id), { token: outsider.admin.token }), 404);
    expectError(await server.api(orgPath('no-such-org'), { token: outsider.admin.token }), 404);
  });
});

describe('PATCH /v1/orgs/:organizationId', () => {
  it('updates every field of the interface (admins)', async () => {
    const { organization, admin } = await createOrganization(server);
    const hostname = `h${Date.now().toString(36)}`;
    const response = await patch(organization.id, admin.token, {
      title: 'Renamed',
      emailDomains: ['acme.test', 'ACME.io'],
      hostname: hostname.toUpperCase(),
      defaultRole: 'comment',
      defaultContent: { type: 'site', site: 'site-1' },
      logo: 'https://cdn.example.com/logo.png',
      sso: true,
      ai: true,
      inviteLinks: true,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const expected = {
      title: 'Renamed',
      emailDomains: ['acme.test', 'acme.io'],
      hostname,
      defaultRole: 'comment',
      defaultContent: { type: 'site', site: 'site-1' },
      sso: true,
      ai: true,
      inviteLinks: true,
      urls: { logo: 'https://cdn.example.com/logo.png' },
      permissions: { admin: true },
    };
    expect(response.body).toMatchObject(expected);
    const read = await server.api(orgPath(organization.id), { token: admin.token });
    expect(read.body).toMatchObject(expected);
  });

  it('clears nullable fields with null; null defaultRole makes joiners guests', async () => {
    const { organization, admin } = await createOrganization(server);
    await patch(organization.id, admin.token, {
      defaultContent: { type: 'site', site: 'site-1' },
      logo: 'https://cdn.example.com/logo.png',
    });
    const response = await patch(organization.id, admin.token, {
      defaultContent: null,
      logo: null,
      defaultRole: null,
    });
    expect(response.status).toBe(200);
    expect(response.body.defaultContent).toBeUndefined();
    expect(response.body.urls.logo).toBeUndefined();
    expect(response.body.defaultRole).toBeNull();
    const read = await server.api(orgPath(organization.id), { token: admin.token });
    expect(read.body.defaultContent).toBeUndefined();
    expect(read.body.urls.logo).toBeUndefined();
    expect(read.body.defaultRole).toBeNull();
  });

  it('answers the organization unchanged for an empty body', async () => {
    const { organization, admin } = await createOrganization(server);
    const response = await patch(organization.id, admin.token, {});
    expect(response.status).toBe(200);
    expect(response.body.title).toBe(organization.title);
  });

  it('is forbidden below admin and changes nothing', async () => {
    const { organization } = await createOrganization(server);
    const creator = await addMember(server, organization.id, 'create');
    const guest = await addMember(server, organization.id, null);
    expectError(await patch(organization.id, creator.token, { title: 'Taken over' }), 403);
    expectError(await patch(organization.id, guest.token, { title: 'Taken over' }), 403);
    const read = await server.api(orgPath(organization.id), { token: creator.token });
    expect(read.body.title).toBe(organization.title);
  });

  it('is not found for a member of another organization', async () => {
    const { organization } = await createOrganization(server);
    const outsider = await createOrganization(server);
    expectError(await patch(organization.id, outsider.admin.token, { title: 'Taken over' }), 404);
  });

  it('refuses bad input, naming the field, and changes nothing', async () => {
    const { organization, admin } = await createOrganization(server);
    const cases: Array<[unknown, string]> = [
      [{ title: 'A' }, 'title'],
      [{ title: 'x'.repeat(256) }, 'title'],
      [{ title: null }, 'title'],
      [{ hostname: 'ab' }, 'hostname'],
      [{ hostname: 'x'.repeat(33) }, 'hostname'],
      [{ hostname: 'has_underscore' }, 'hostname'],
      [{ hostname: '-edge' }, 'hostname'],
      [{ hostname: null }, 'hostname'],
      [{ emailDomains: 'acme.test' }, 'emailDomains'],
      [{ emailDomains: ['acme'] }, 'emailDomains.0'],
      [{ defaultRole: 'owner' }, 'defaultRole'],
      [{ defaultContent: { type: 'space', site: 's' } }, 'defaultContent.type'],
      [{ defaultContent: { type: 'site' } }, 'defaultContent.site'],
      [{ logo: 'not a url' }, 'logo'],
      [{ logo: 'javascript:alert(1)' }, 'logo'],
      [{ logo: `https://example.com/${'x'.repeat(2048)}` }, 'logo'],
      [{ sso: 'yes' }, 'sso'],
      [{ ai: 1 }, 'ai'],
      [{ inviteLinks: null }, 'inviteLinks'],
      [{ color: 'blue' }, 'color'],
      [{ title: 'Fine', plan: 'enterprise_2024' }, 'plan'],
    ];
    for (const [body, field] of cases)
      expectFieldError(await patch(organization.id, admin.token, body), field);
    const read = await server.api(orgPath(organization.id), { token: admin.token });
    expect(read.body).toMatchObject({
      title: organization.title,
      emailDomains: [],
      defaultRole: 'read',
      sso: false,
    });
    expect(read.body.hostname).toBeUndefined();
  });

  it('keeps hostnames unique across the instance (409), and frees a hostname when it changes', async () => {
    const a = await createOrganization(server);
    const b = await createOrganization(server);
    const taken = `t${Date.now().toString(36)}`;
    expect((await patch(a.organization.id, a.admin.token, { hostname: taken })).status).toBe(200);
    // Setting the same hostname again on its holder is no conflict.
    expect((await patch(a.organization.id, a.admin.token, { hostname: taken })).status).toBe(200);

    const refused = await patch(b.organization.id, b.admin.token, {
      hostname: taken.toUpperCase(),
      title: 'Bee',
    });
    expectError(refused, 409);
    const unchanged = await server.api(orgPath(b.organization.id), { token: b.admin.token });
    expect(unchanged.body.hostname).toBeUndefined();
    expect(unchanged.body.title).toBe(b.organization.title);

    expect((await patch(a.organization.id, a.admin.token, { hostname: `${taken}-2` })).body.hostname).toBe(
      `${taken}-2`,
    );
    const freed = await patch(b.organization.id, b.admin.token, { hostname: taken });
    expect(freed.status).toBe(200);
    expect(freed.body.hostname).toBe(taken);
  });
});

describe('GET /v1/email-domains/:emailDomain/orgs', () => {
  const path = (domain: string) => `/v1/email-domains/${domain}/orgs`;

  it("lists every organization accepting the caller's own domain, without permissions where not a member", async () => {
    const domain = `d${Date.now().toString(36)}.test`;
    const person = await createUser(server, { email: `jo@${domain}` });
    const accepting = await createOrganization(server);
    await patch(accepting.organization.id, accepting.admin.token, { emailDomains: [domain] });
    const mine = await createOrganization(server, { owner: person });
    await patch(mine.organization.id, person.token, { emailDomains: [domain.toUpperCase()] });
    await createOrganization(server); // accepts no domain

    const response = await server.api(path(domain), { token: person.token });
    expect(response.status).toBe(200);
    const ids = response.body.organizations.map((o: { id: string }) => o.id);
    expect(ids).toEqual([accepting.organization.id, mine.organization.id]);
    const [foreign, own] = response.body.organizations;
    expect(foreign.object).toBe('organization');
    for (const action of ALL_ORGANIZATION_PERMISSIONS) expect(foreign.permissions[action]).toBe(false);
    expect(own.permissions.admin).toBe(true);
  });

  it('lists, for another domain, only the organizations the caller is a member of', async () => {
    const domain = `o${Date.now().toString(36)}.test`;
    const person = await createUser(server);
    const foreign = await createOrganization(server);
    await patch(foreign.organization.id, foreign.admin.token, { emailDomains: [domain] });
    const joined = await createOrganization(server);
    await patch(joined.organization.id, joined.admin.token, { emailDomains: [domain] });
    await addOrganizationMember(server.services, {
      organizationId: joined.organization.id,
      user: person.user,
      role: 'edit',
    });

    const response = await server.api(path(domain), { token: person.token });
    expect(response.status).toBe(200);
    expect(response.body.organizations.map((o: { id: string }) => o.id)).toEqual([joined.organization.id]);
    expect(response.body.organizations[0].permissions).toMatchObject({ view: true, admin: false });
  });

  it('refuses something that is not a domain', async () => {
    const person = await createUser(server);
    expectFieldError(await server.api(path('not_a_domain'), { token: person.token }), 'emailDomain');
  });
});
