/**
 * The URL of a published-content lookup (`parsePublishedUrl`, `siteAddressOf`) and the
 * section and site space a path names (`matchSitePath`), without the store.
 */
import { describe, expect, it } from 'vitest';
import { matchSitePath } from '../../src/publishing/operations/lookup/site-path-match';
import { parsePublishedUrl, siteAddressOf } from '../../src/publishing/published-url';
import type { SiteStructureRecord } from '../../src/publishing/records';

const urls = { api: 'https://quire.example.com', app: 'https://quire.example.com/app' };

describe('parsePublishedUrl', () => {
  it.each([
    ['javascript:alert(1)', 'only http: and https: URLs are published'],
    ['ftp://example.com/a', 'only http: and https: URLs are published'],
    ['/a/b', 'not an absolute URL'],
    ['https://u:p@example.com/', 'credentials in the URL'],
    ['https://example.com/a/../b', 'a "." or ".." segment in the path'],
    ['https://example.com/a/%2E%2e/b', 'a "." or ".." segment in the path'],
    ['https://example.com/a/./b', 'a "." or ".." segment in the path'],
    ['https://example.com/a%2Fb', 'an encoded separator in the path'],
    ['https://example.com/a%5cb', 'an encoded separator in the path'],
    ['https://example.com/a\\b', 'a backslash in the path'],
    ['https://example.com/a%00', 'a control character in the path'],
    ['https://example.com/a%E0%A4%A', 'a malformed percent-encoding in the path'],
    ['https://example.com/?share=', 'a malformed share key'],
  ])('refuses %s', (raw, problem) => {
    expect(parsePublishedUrl(raw)).toEqual({ ok: false, problem });
  });

  it('splits an accepted URL: decoded segments, empty ones left out, the share key', () => {
    expect(parsePublishedUrl('https://Docs.Example.com./a//caf%C3%A9/?share=k#top')).toEqual({
      ok: true,
      url: {
        origin: 'https://docs.example.com.',
        hostname: 'docs.example.com',
        segments: ['a', 'café'],
        shareKey: 'k',
      },
    });
  });
});

describe('siteAddressOf', () => {
  const address = (raw: string) => {
    const parsed = parsePublishedUrl(raw);
    if (!parsed.ok) throw new Error(parsed.problem);
    return siteAddressOf(parsed.url, urls);
  };

  it("finds Quire's own address under the app's path", () => {
    expect(address('https://quire.example.com/app/~sites/org/docs/api/v2')).toEqual({
      kind: 'quire',
      organizationId: 'org',
      siteName: 'docs',
      siteBasePath: '/app/~sites/org/docs/',
      rest: ['api', 'v2'],
    });
  });

  it("is no site elsewhere on the app's origin, and another host is a host", () => {
    expect(address('https://quire.example.com/~sites/org/docs')).toEqual({ kind: 'none' });
    expect(address('https://quire.example.com/app/~sites/org')).toEqual({ kind: 'none' });
    expect(address('http://quire.example.com/app/~sites/org/docs')).toMatchObject({ kind: 'host' });
    expect(address('https://docs.example.com/a')).toEqual({
      kind: 'host',
      hostname: 'docs.example.com',
      segments: ['a'],
    });
  });
});

const siteSpace = (id: string, path: string) => ({ id, spaceId: `space-${id}`, path });
const structure: SiteStructureRecord = {
  sections: [
    { id: 'docs', title: 'Docs', path: 'docs', siteSpaces: [siteSpace('d', 'docs')] },
    {
      id: 'api',
      title: 'API',
      path: 'api',
      defaultSiteSpaceId: 'v1',
      siteSpaces: [siteSpace('v1', 'v1'), siteSpace('v2', 'v2')],
    },
  ],
  groups: [],
  items: [
    { type: 'section', id: 'docs' },
    { type: 'section', id: 'api' },
  ],
  siteSpaces: [],
  defaultSectionId: 'docs',
};

describe('matchSitePath', () => {
  it.each([
    ['the root: the defaults, incomplete', [], 'docs', 'd', [], [], false],
    [
      '1: a page path of the default section',
      ['guide', 'install'],
      'docs',
      'd',
      [],
      ['guide', 'install'],
      false,
    ],
    [
      '1: a named section with one site space: complete',
      ['docs', 'guide'],
      'docs',
      'd',
      ['docs'],
      ['guide'],
      true,
    ],
    ['2: a section’s default site space, incomplete', ['api', 'ref'], 'api', 'v1', ['api'], ['ref'], false],
    ['2: a named site space: complete', ['api', 'v2', 'ref'], 'api', 'v2', ['api', 'v2'], ['ref'], true],
  ] as const)('%s', (_title, segments, section, siteSpaceId, used, pagePath, complete) => {
    const match = matchSitePath(structure, segments);
    expect(match).toMatchObject({
      section: { id: section },
      siteSpace: { id: siteSpaceId },
      used,
      pagePath,
      complete,
    });
  });

  it('finds nothing where the visitor is shown no site space', () => {
    expect(matchSitePath({ sections: [], groups: [], items: [], siteSpaces: [] }, ['a'])).toBeNull();
  });

  it('matches root site spaces of a site without sections, complete when there is one', () => {
    const root = { sections: [], groups: [], items: [], siteSpaces: [siteSpace('only', 'only')] };
    expect(matchSitePath(root, ['page'])).toMatchObject({
      section: undefined,
      siteSpace: { id: 'only' },
      complete: true,
    });
  });
});
