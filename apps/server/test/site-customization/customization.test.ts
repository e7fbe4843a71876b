/**
 * A site's customization through real HTTP: GitBook's defaults until set, a whole replacement
 * by PUT (sections left out back to the defaults), site spaces' overrides (PATCH sets, null
 * clears, DELETE 205 then 204), logos, icons and fonts fetched once when written and served
 * by Quire from then on, the assistant's instructions shown to admins only, the published
 * view carrying the site's and each shown site space's settings, and the three faces alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { describeResponse } from '../support/faces/face-call';
import { addMember } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  type AssetOrigin,
  type CustomizedSiteFixture,
  customizedSiteFixture,
  PNG,
  startAssetOrigin,
  WOFF2,
} from './customization-support';

let server: TestServer;
let origin: AssetOrigin;
beforeAll(async () => {
  origin = await startAssetOrigin();
  server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
  await origin.close();
});

const filesBase = () => `${server.config.publicUrl}/files/`;
/** The bytes behind an address of the server's files, fetched from the test server. */
const download = async (address: string) => {
  const response = await fetch(address.replace(server.config.publicUrl, server.url));
  expect(response.status).toBe(200);
  return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
};

const BRANDED = {
  title: 'Acme Docs',
  localizedTitle: { fr: 'Docs Acme' },
  styling: {
    theme: 'bold',
    primaryColor: { light: '#112233', dark: '#445566' },
    tint: { color: { light: '#abc', dark: '#def' } },
    infoColor: { light: '#346DDB', dark: '#346DDB' },
    successColor: { light: '#22C55E', dark: '#22C55E' },
    warningColor: { light: '#F59E0B', dark: '#F59E0B' },
    dangerColor: { light: '#EF4444', dark: '#EF4444' },
    corners: 'straight',
    depth: 'flat',
    links: 'accent',
    font: 'Roboto',
    headingFont: null,
    monospaceFont: 'FiraCode',
    background: 'plain',
    icons: 'duotone',
    codeTheme: {
      default: { light: 'github-light', dark: 'github-dark' },
      openapi: { light: 'one-light', dark: 'one-dark-pro' },
    },
    sidebar: { background: 'filled', list: 'pill' },
    search: 'prominent',
  },
  favicon: { emoji: '1f4d8' },
  header: {
    preset: 'default',
    links: [
      {
        title: 'Product',
        to: { kind: 'url', url: 'https://acme.example/product' },
        style: 'button-primary',
        links: [{ title: 'Pricing', to: { kind: 'url', url: 'https://acme.example/pricing' } }],
      },
    ],
  },
  footer: {
    groups: [
      { title: 'Company', links: [{ title: 'About', to: { kind: 'url', url: 'https://acme.example/' } }] },
    ],
    copyright: '© Acme',
  },
  announcement: { enabled: true, message: 'Version 2 is out', style: 'info' },
  themes: { default: 'system', toggeable: false },
  feedback: { enabled: true },
  ai: { mode: 'search', greeting: 'Ask away', suggestions: ['How do I start?'], instructions: 'Be brief.' },
  pageActions: { items: ['pdf', 'markdown'] },
  externalLinks: { target: 'blank' },
  privacyPolicy: { url: 'https://acme.example/privacy' },
  socialAccounts: [{ platform: 'github', handle: 'acme', display: { footer: true, header: false } }],
  insights: { trackingCookie: false },
};

describe('the settings of a site', () => {
  let f: CustomizedSiteFixture;
  beforeAll(async () => {
    f = await customizedSiteFixture(server);
  });

  it("are GitBook's defaults while never set", async () => {
    const settings = await f.ok('GET', '/customization');
    expect(settings.updatedAt).toBeUndefined();
    expect(settings.title).toBeUndefined();
    expect(settings.styling).toMatchObject({ theme: 'clean', font: 'Inter', monospaceFont: 'IBMPlexMono' });
    expect(settings.header).toEqual({ preset: 'default', links: [] });
    expect(settings.pageActions.items).toEqual(['markdown', 'pdf']);
    expect(settings.socialAccounts).toEqual([]);
  });

  it('are replaced whole by PUT, and read back as written', async () => {
    const put = await f.ok('PUT', '/customization', BRANDED);
    expect(put).toMatchObject(BRANDED);
    expect(put.updatedAt).toEqual(expect.any(String));
    const read = await f.ok('GET', '/customization');
    expect(read).toEqual(put);
    // GitBook's earlier flags are shown as the list says.
    expect(read.pdf).toEqual({ enabled: true });
    expect(read.git).toEqual({ showEditLink: false });
    expect(read.pageActions).toMatchObject({ markdown: true, externalAI: false });
  });

  it('take the defaults again for the sections a PUT leaves out', async () => {
    await f.ok('PUT', '/customization', BRANDED);
    const put = await f.ok('PUT', '/customization', { title: 'Only a title' });
    expect(put.title).toBe('Only a title');
    expect(put.styling.theme).toBe('clean');
    expect(put.header.links).toEqual([]);
    expect(put.announcement).toBeUndefined();
  });

  it("take GitBook's earlier page-action flags when the list is not given; the list wins when it is", async () => {
    const flags = await f.ok('PUT', '/customization', {
      pdf: { enabled: false },
      git: { showEditLink: true },
    });
    expect(flags.pageActions.items).toEqual(['markdown', 'git']);
    expect(flags.pdf).toEqual({ enabled: false });
    // Read, the list changed, sent back with the flags as read: the list as sent.
    const listed = await f.ok('PUT', '/customization', {
      ...flags,
      pageActions: { ...flags.pageActions, items: ['pdf'] },
    });
    expect(listed.pageActions).toEqual({ items: ['pdf'], externalAI: false, markdown: false });
    expect(listed.git).toEqual({ showEditLink: false });
  });

  it("show the assistant's instructions to site admins only", async () => {
    await f.ok('PUT', '/customization', BRANDED);
    const reader = await addMember(server, f.org.organization.id, 'read');
    const asReader = await f.call('GET', '/customization', undefined, reader.token);
    expect(asReader.status).toBe(200);
    expect(asReader.body.ai).toEqual({
      mode: 'search',
      greeting: 'Ask away',
      suggestions: ['How do I start?'],
    });
    expect((await f.ok('GET', '/customization')).ai.instructions).toBe('Be brief.');
    const published = await f.call('GET', '/published', undefined, null);
    expect(published.status).toBe(200);
    expect(published.body.customizations.site.ai.instructions).toBeUndefined();
    expect(JSON.stringify(published.body)).not.toContain('Be brief.');
  });
});

describe('logos, icons and fonts', () => {
  let f: CustomizedSiteFixture;
  beforeAll(async () => {
    f = await customizedSiteFixture(server);
  });

  it('are fetched once, when written, and served by Quire from then on', async () => {
    const font = {
      id: 'acme-sans',
      custom: true,
      fontFamily: 'Acme Sans',
      fontFaces: [{ weight: 400, sources: [{ url: `${origin.url}/fonts/acme.woff2`, format: 'woff2' }] }],
    };
    const put = await f.ok('PUT', '/customization', {
      header: {
        preset: 'default',
        logo: { light: `${origin.url}/brand/logo.png`, dark: `${origin.url}/brand/logo-dark.png` },
        links: [],
      },
      favicon: { icon: { light: `${origin.url}/icon.png`, dark: `${origin.url}/icon.png` } },
      socialPreview: { url: `${origin.url}/preview.png` },
      styling: { ...BRANDED.styling, font },
    });
    const logo = put.header.logo.light as string;
    expect(logo).toMatch(new RegExp(`^${filesBase()}[0-9a-f]{64}/logo\\.png$`));
    expect(put.favicon.icon.dark).toMatch(/\/files\/[0-9a-f]{64}\/icon\.png$/);
    expect(put.socialPreview.url.startsWith(filesBase())).toBe(true);
    const fontUrl = put.styling.font.fontFaces[0].sources[0].url as string;
    expect(fontUrl).toMatch(/\/files\/[0-9a-f]{64}\/acme\.woff2$/);
    expect(await download(logo)).toEqual({ type: 'image/png', bytes: PNG });
    expect((await download(fontUrl)).bytes).toEqual(WOFF2);
    expect(origin.requests('/brand/logo.png')).toBe(1);
    expect(origin.requests('/icon.png')).toBe(2);

    // Read, published, and written back as read: nothing is fetched again.
    const read = await f.ok('GET', '/customization');
    const published = await f.call('GET', '/published', undefined, null);
    expect(published.body.customizations.site.header.logo.light).toBe(logo);
    const again = await f.ok('PUT', '/customization', read);
    expect(again.header.logo).toEqual(read.header.logo);
    expect(again.styling.font).toEqual(read.styling.font);
    expect(origin.requests('/brand/logo.png')).toBe(1);
    expect(origin.requests('/fonts/acme.woff2')).toBe(1);

    // An address of Quire's files is kept as the file it names, its name to plain characters.
    const hash = /\/files\/([0-9a-f]{64})\//.exec(logo)![1];
    const named = await f.ok('PUT', '/customization', {
      socialPreview: { url: `${filesBase()}${hash}/a%22onerror%3D1.png` },
    });
    expect(named.socialPreview.url).toBe(`${filesBase()}${hash}/a22onerror3D1.png`);
  });

  it('of a site space are stored the same way', async () => {
    const patched = await f.ok('PATCH', `/site-spaces/${f.siteSpaces[1]}/customization`, {
      footer: { logo: { light: `${origin.url}/api-logo.png`, dark: `${origin.url}/api-logo.png` } },
    });
    expect(patched.footer.logo.light).toMatch(new RegExp(`^${filesBase()}[0-9a-f]{64}/api-logo\\.png$`));
    expect(origin.requests('/api-logo.png')).toBe(2);
  });
});

describe('the overrides of a site space', () => {
  let f: CustomizedSiteFixture;
  beforeAll(async () => {
    f = await customizedSiteFixture(server);
    await f.ok('PUT', '/customization', BRANDED);
  });
  const ofSiteSpace = (index: 0 | 1) => `/site-spaces/${f.siteSpaces[index]}/customization`;

  it('apply over the site settings; PATCH sets, null clears, DELETE removes (205, then 204)', async () => {
    const none = await f.ok('GET', ofSiteSpace(0));
    expect(none.hasOverrides).toBe(false);
    expect(none.styling.primaryColor).toEqual(BRANDED.styling.primaryColor);

    const patched = await f.ok('PATCH', ofSiteSpace(0), {
      title: 'Guides',
      styling: { primaryColor: { light: '#000000', dark: '#ffffff' }, sidebar: { list: 'line' } },
      header: { links: [] },
    });
    expect(patched.hasOverrides).toBeUndefined();
    expect(patched.title).toBe('Guides');
    expect(patched.styling.primaryColor).toEqual({ light: '#000000', dark: '#ffffff' });
    // A group is merged field by field: the site's sidebar background stays.
    expect(patched.styling.sidebar).toEqual({ background: 'filled', list: 'line' });
    expect(patched.styling.theme).toBe('bold');
    expect(patched.header.links).toEqual([]);
    expect(patched.footer).toEqual(BRANDED.footer);

    const read = await f.ok('GET', ofSiteSpace(0));
    expect(read).toMatchObject({
      hasOverrides: true,
      title: 'Guides',
      styling: { sidebar: { list: 'line' } },
    });

    const cleared = await f.ok('PATCH', ofSiteSpace(0), {
      title: null,
      styling: { sidebar: { list: null } },
    });
    expect(cleared.title).toBe('Acme Docs');
    expect(cleared.styling.sidebar).toEqual(BRANDED.styling.sidebar);
    expect(cleared.styling.primaryColor).toEqual({ light: '#000000', dark: '#ffffff' });

    expect((await f.call('DELETE', ofSiteSpace(0))).status).toBe(205);
    expect((await f.ok('GET', ofSiteSpace(0))).hasOverrides).toBe(false);
    expect((await f.call('DELETE', ofSiteSpace(0))).status).toBe(204);
  });

  it("follow the site's settings where they override nothing", async () => {
    await f.ok('PATCH', ofSiteSpace(1), { themes: { default: 'dark' } });
    await f.ok('PUT', '/customization', { ...BRANDED, feedback: { enabled: false } });
    const read = await f.ok('GET', ofSiteSpace(1));
    expect(read.themes).toEqual({ default: 'dark', toggeable: false });
    expect(read.feedback).toEqual({ enabled: false });
  });

  it('are shown in the published view, for each site space shown', async () => {
    await f.ok('PATCH', ofSiteSpace(1), { styling: { theme: 'muted' } });
    const published = await f.call('GET', '/published', undefined, null);
    expect(published.status).toBe(200);
    const { site, siteSpaces } = published.body.customizations;
    expect(site.styling.theme).toBe('bold');
    expect(Object.keys(siteSpaces).sort()).toEqual([...f.siteSpaces].sort());
    expect(siteSpaces[f.siteSpaces[0]].styling.theme).toBe('bold');
    expect(siteSpaces[f.siteSpaces[1]].styling.theme).toBe('muted');
    expect(siteSpaces[f.siteSpaces[1]].hasOverrides).toBeUndefined();
    // The view's customizations are kept by the site's version: a change shows at once.
    await f.ok('PATCH', ofSiteSpace(1), { styling: { theme: 'gradient' } });
    await f.ok('PUT', '/customization', { ...BRANDED, styling: { ...BRANDED.styling, theme: 'clean' } });
    const changed = (await f.call('GET', '/published', undefined, null)).body.customizations;
    expect(changed.siteSpaces[f.siteSpaces[1]].styling.theme).toBe('gradient');
    expect(changed.site.styling.theme).toBe('clean');
  });

  it("of a removed site space are dropped from the site's record by the next change", async () => {
    const g = await customizedSiteFixture(server);
    await g.ok('PATCH', `/site-spaces/${g.siteSpaces[1]}/customization`, { title: 'Gone soon' });
    const stored = async () =>
      (await server.services.repos.sites.findById(g.siteId))!.customization?.siteSpaces ?? {};
    expect(Object.keys(await stored())).toEqual([g.siteSpaces[1]]);
    const sections = (await g.ok('GET', '/sections')).items as Array<{
      id: string;
      siteSpaces: Array<{ id: string }>;
    }>;
    const section = sections.find((item) =>
      item.siteSpaces.some((siteSpace) => siteSpace.id === g.siteSpaces[1]),
    )!;
    expect((await g.call('DELETE', `/sections/${section.id}`)).status).toBeLessThan(300);
    await g.ok('PATCH', `/site-spaces/${g.siteSpaces[0]}/customization`, { title: 'Kept' });
    expect(Object.keys(await stored())).toEqual([g.siteSpaces[0]]);
  });

  it('of a site space that is not in the site are a 404', async () => {
    const other = await customizedSiteFixture(server);
    const response = await f.call('GET', `/site-spaces/${other.siteSpaces[0]}/customization`);
    expect(response.status).toBe(404);
    const patch = await f.call('PATCH', `/site-spaces/${other.siteSpaces[0]}/customization`, {
      title: 'Nope',
    });
    expect(patch.status).toBe(404);
  });
});

describe('on the three faces', () => {
  it('reads the same settings and refuses the same bad input', async () => {
    const f = await customizedSiteFixture(server);
    await f.ok('PUT', '/customization', BRANDED);
    const ids = { organizationId: f.org.organization.id, siteId: f.siteId };
    const read = await callFaces(server, {
      route: findRoute('GET /v1/orgs/:organizationId/sites/:siteId/customization')!,
      input: ids,
      token: f.org.admin.token,
    });
    for (const response of Object.values(read)) expect(response.status, describeResponse(response)).toBe(200);
    expect(read.trpc.data).toEqual(read.rest.data);
    // GraphQL answers what is selected: the same values.
    const graphql = await server.api('/graphql', {
      method: 'POST',
      token: f.org.admin.token,
      body: {
        query: `query { sitesCustomizationGet(organizationId: "${ids.organizationId}", siteId: "${ids.siteId}") {
          title styling { theme primaryColor { light dark } sidebar { list } } header { links { title } }
          ai { mode instructions } socialAccounts { platform handle } updatedAt } }`,
      },
    });
    const rest = read.rest.data as typeof BRANDED & { updatedAt: string };
    expect(graphql.body.data.sitesCustomizationGet).toEqual({
      title: rest.title,
      styling: {
        theme: rest.styling.theme,
        primaryColor: rest.styling.primaryColor,
        sidebar: { list: rest.styling.sidebar.list },
      },
      header: { links: [{ title: 'Product' }] },
      ai: { mode: 'search', instructions: 'Be brief.' },
      socialAccounts: [{ platform: 'github', handle: 'acme' }],
      updatedAt: rest.updatedAt,
    });
    const refused = await callFaces(server, {
      route: findRoute('PUT /v1/orgs/:organizationId/sites/:siteId/customization')!,
      input: { ...ids, privacyPolicy: { url: 'javascript:alert(1)' } },
      token: f.org.admin.token,
    });
    for (const response of Object.values(refused)) {
      expect(response.status, describeResponse(response)).toBe(400);
      expect(response.error?.message).toContain('privacyPolicy.url');
    }
    const written = await callFaces(server, {
      route: findRoute(
        'PATCH /v1/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization',
      )!,
      input: { ...ids, siteSpaceId: f.siteSpaces[0], title: 'Same everywhere' },
      token: f.org.admin.token,
    });
    for (const response of Object.values(written))
      expect(response.status, describeResponse(response)).toBe(200);
    expect((written.rest.data as { title: string }).title).toBe('Same everywhere');
    expect(written.trpc.data).toEqual(written.rest.data);
    expect((await f.ok('GET', `/site-spaces/${f.siteSpaces[0]}/customization`)).title).toBe(
      'Same everywhere',
    );
  });
});
