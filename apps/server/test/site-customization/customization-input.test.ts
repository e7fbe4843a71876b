/**
 * What a site's customization may not be, through real HTTP: addresses that are not http(s)
 * (`javascript:`, `data:`, credentials, relative), colours, font names and handles that
 * would reach CSS or URLs as something else, lists and strings past their bounds, fields
 * GitBook does not have (or a site space may not override), files that are not images or
 * fonts or cannot be fetched. Each is a 400 naming the field, with nothing written; a 64 KB
 * body of nested links is answered at once. And every bad input derived from the routes'
 * schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteCustomizationRoutes } from '../../src/faces/rest/routes/site-customization';
import { badInputCases, validInputOf } from '../support/bad-input';
import { expectFieldError } from '../support/expectations';
import { callFace, routeKey } from '../support/faces/call-faces';
import { describeResponse } from '../support/faces/face-call';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  type AssetOrigin,
  type CustomizedSiteFixture,
  customizedSiteFixture,
  startAssetOrigin,
} from './customization-support';

let server: TestServer;
let origin: AssetOrigin;
let f: CustomizedSiteFixture;
beforeAll(async () => {
  origin = await startAssetOrigin();
  server = await startTestServer({ QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
  f = await customizedSiteFixture(server);
  await f.ok('PUT', '/customization', { title: 'Kept as it is' });
});
afterAll(async () => {
  await server.close();
  await origin.close();
});

const link = (url: string) => ({ title: 'Link', to: { kind: 'url', url }, links: [] });
const header = (links: unknown[]) => ({ header: { preset: 'default', links } });
const themed = (url: string) => ({ light: url, dark: url });

/** The settings as they were before every refused request. */
const unchanged = async () => {
  const read = await f.ok('GET', '/customization');
  expect(read.title).toBe('Kept as it is');
  expect(read.header.links).toEqual([]);
  const ofSiteSpace = await f.ok('GET', `/site-spaces/${f.siteSpaces[0]}/customization`);
  expect(ofSiteSpace.hasOverrides).toBe(false);
};

describe('addresses', () => {
  const refused: ReadonlyArray<readonly [string, unknown, string]> = [
    ['a javascript: link', header([link('javascript:alert(1)')]), 'header.links.0.to.url'],
    ['a JavaScript: link with spaces', header([link(' JaVaScRiPt:alert(1)')]), 'header.links.0.to.url'],
    ['a data: link', header([link('data:text/html,<script>alert(1)</script>')]), 'header.links.0.to.url'],
    ['a relative link', header([link('/docs')]), 'header.links.0.to.url'],
    ['a link with credentials', header([link('https://user:secret@example.com/')]), 'header.links.0.to.url'],
    ['a vbscript: privacy policy', { privacyPolicy: { url: 'vbscript:msgbox(1)' } }, 'privacyPolicy.url'],
    [
      'a data: logo',
      { header: { preset: 'default', links: [], logo: themed('data:image/svg+xml,<svg onload=alert(1)>') } },
      'header.logo.light',
    ],
    ['a file: favicon', { favicon: { icon: themed('file:///etc/passwd') } }, 'favicon.icon.light'],
    [
      'a sub-link to javascript:',
      header([
        {
          ...link('https://example.com/'),
          links: [{ title: 'x', to: { kind: 'url', url: 'javascript:x' } }],
        },
      ]),
      'header.links.0.links.0.to.url',
    ],
    [
      'a footer link to javascript:',
      {
        footer: {
          groups: [{ title: 'G', links: [{ title: 'x', to: { kind: 'url', url: 'javascript:x' } }] }],
        },
      },
      'footer.groups.0.links.0.to.url',
    ],
    [
      'an address of 2,049 characters',
      { privacyPolicy: { url: `https://e.com/${'a'.repeat(2035)}` } },
      'privacyPolicy.url',
    ],
  ];
  it.each(refused)('%s is a 400 naming the field, nothing written', async (_title, body, field) => {
    expectFieldError(await f.call('PUT', '/customization', body), field);
    await unchanged();
  });

  it('of a site space are checked the same way', async () => {
    const response = await f.call('PATCH', `/site-spaces/${f.siteSpaces[0]}/customization`, {
      privacyPolicy: { url: 'javascript:alert(1)' },
    });
    expectFieldError(response, 'privacyPolicy.url');
    await unchanged();
  });
});

describe('files', () => {
  it.each([
    ['a web page as a logo', '/page.html', 'header.logo.light'],
    ['a missing logo', '/missing.svg', 'header.logo.light'],
    ['a web page declared as a JPEG', '/page.jpg', 'header.logo.light'],
  ])('%s is a 400 naming the field, nothing written', async (_title, path, field) => {
    const body = { header: { preset: 'default', links: [], logo: themed(`${origin.url}${path}`) } };
    expectFieldError(await f.call('PUT', '/customization', body), field);
    await unchanged();
  });

  it('an image as a font is refused', async () => {
    const body = {
      styling: {
        ...(await f.ok('GET', '/customization')).styling,
        font: {
          id: 'f',
          custom: true,
          fontFamily: 'Fake',
          fontFaces: [{ weight: 400, sources: [{ url: `${origin.url}/not-a-font.png` }] }],
        },
      },
    };
    expectFieldError(await f.call('PUT', '/customization', body), 'styling.font.fontFaces.0.sources.0.url');
    await unchanged();
  });

  it('an address inside the network is refused unless allowed', async () => {
    const body = { favicon: { icon: themed('http://169.254.169.254/latest/meta-data/icon.png') } };
    expectFieldError(await f.call('PUT', '/customization', body), 'favicon.icon.light');
    await unchanged();
  });
});

describe('values that would reach CSS, a URL or a page as something else', () => {
  const styling = async () => (await f.ok('GET', '/customization')).styling;
  it.each([
    ['a colour name', { primaryColor: { light: 'red', dark: '#000' } }, 'styling.primaryColor.light'],
    [
      'CSS in a colour',
      { primaryColor: { light: '#000;}body{', dark: '#000' } },
      'styling.primaryColor.light',
    ],
    ['an unknown theme', { theme: 'neon' }, 'styling.theme'],
  ])('%s is a 400 naming the field', async (_title, change, field) => {
    expectFieldError(
      await f.call('PUT', '/customization', { styling: { ...(await styling()), ...change } }),
      field,
    );
    await unchanged();
  });

  it('CSS in a font family is refused', async () => {
    const font = {
      id: 'x',
      custom: true,
      fontFamily: 'Inter;}body{display:none',
      fontFaces: [{ weight: 400, sources: [{ url: `${origin.url}/x.woff2` }] }],
    };
    const response = await f.call('PUT', '/customization', { styling: { ...(await styling()), font } });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('styling.font');
    expect(origin.requests('/x.woff2')).toBe(0);
    await unchanged();
  });

  it.each([
    [
      'a handle with a slash',
      { platform: 'github', handle: '../evil', display: { footer: true, header: false } },
    ],
    ['an unknown platform', { platform: 'myspace', handle: 'me', display: { footer: true, header: false } }],
  ])('%s is refused', async (_title, account) => {
    const response = await f.call('PUT', '/customization', { socialAccounts: [account] });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('socialAccounts.0');
    await unchanged();
  });

  it('an emoji favicon must be an emoji', async () => {
    expectFieldError(await f.call('PUT', '/customization', { favicon: { emoji: '<img src=x>' } }), 'favicon');
    await unchanged();
  });
});

describe('bounds and shape', () => {
  const many = (count: number, make: (index: number) => unknown) =>
    Array.from({ length: count }, (_, i) => make(i));
  it.each([
    ['21 header links', header(many(21, () => link('https://example.com/'))), 'header.links'],
    [
      '11 footer groups',
      { footer: { groups: many(11, () => ({ title: 'G', links: [] })) } },
      'footer.groups',
    ],
    [
      '11 social accounts',
      {
        socialAccounts: many(11, (i) => ({
          platform: 'github',
          handle: `a${i}`,
          display: { footer: true, header: false },
        })),
      },
      'socialAccounts',
    ],
    [
      '6 suggested questions',
      { ai: { mode: 'search', suggestions: many(6, () => 'How so?') } },
      'ai.suggestions',
    ],
    ['a 129-character title', { title: 'x'.repeat(129) }, 'title'],
    [
      'a 10,001-character instruction',
      { ai: { mode: 'assistant', instructions: 'x'.repeat(10_001) } },
      'ai.instructions',
    ],
    [
      'a copyright of 513 characters',
      { footer: { groups: [], copyright: 'x'.repeat(513) } },
      'footer.copyright',
    ],
    ['a localized title in an unknown language', { localizedTitle: { xx: 'Title' } }, 'localizedTitle'],
    ['a field GitBook does not have', { scripts: ['https://evil.example/x.js'] }, 'scripts'],
    ['a page action GitBook does not have', { pageActions: { items: ['print'] } }, 'pageActions.items.0'],
  ])('%s is a 400 naming the field, nothing written', async (_title, body, field) => {
    const response = await f.call('PUT', '/customization', body);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error.message).toContain(field);
    await unchanged();
  });

  it('a site space may not override what only the site sets (fonts, AI, page actions)', async () => {
    for (const body of [
      { styling: { font: 'Roboto' } },
      { ai: { mode: 'none' } },
      { pageActions: { items: [] } },
    ]) {
      const response = await f.call('PATCH', `/site-spaces/${f.siteSpaces[0]}/customization`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    await unchanged();
  });

  it('settings over 64 KB of JSON together are refused, naming the largest section', async () => {
    const long = (i: number) => `https://example.com/${i}/${'a'.repeat(1000)}`;
    const links = many(20, (i) => ({
      ...link(long(i)),
      links: many(5, (j) => ({ title: 'Sub', to: { kind: 'url', url: long(j) } })),
    }));
    expectFieldError(await f.call('PUT', '/customization', header(links)), 'header');
    expectFieldError(
      await f.call('PATCH', `/site-spaces/${f.siteSpaces[0]}/customization`, { header: { links } }),
      'header',
    );
    await unchanged();
  });

  it('a 64 KB body of links is refused at once, naming the list', async () => {
    const links = many(400, () => link(`https://example.com/${'a'.repeat(150)}`));
    const body = header(links);
    expect(JSON.stringify(body).length).toBeGreaterThan(64 * 1024);
    expectFieldError(await f.call('PUT', '/customization', body), 'header.links');
    await unchanged();
  });
});

describe('derived from the schemas', () => {
  for (const route of siteCustomizationRoutes) {
    it(`${routeKey(route)}: every derived bad input is a 400 (REST)`, async () => {
      for (const badCase of badInputCases(route).filter((c) => c.faces.includes('rest'))) {
        const response = await callFace(server, 'rest', {
          route,
          input: {
            ...validInputOf(route),
            organizationId: f.org.organization.id,
            siteId: f.siteId,
            siteSpaceId: f.siteSpaces[0],
            ...badCase.values,
          },
          token: f.org.admin.token,
          ...(badCase.rawFields ? { rawFields: badCase.rawFields } : {}),
        });
        expect(response.status, `${badCase.title}: ${describeResponse(response)}`).toBe(400);
      }
      await unchanged();
    });
  }
});
