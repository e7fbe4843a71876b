/**
 * The redirect rules as tables of cases (the functions are pure; `apps/server/test/redirects`
 * checks through HTTP that resolution feeds them the site's redirects, the spaces' old paths
 * and the site's pages): which redirect answers a path (rules 1 to 4), where a chain ends and
 * when it is a loop (rules 5 and 6), which old paths a content change leaves and which it
 * makes live, and where an old path leads now.
 */
import { describe, expect, it } from 'vitest';
import {
  type PagePlaces,
  pathChanges,
  placesOf as placesOfPages,
} from '../../src/content/path-redirects/moved-paths';
import { type CurrentPages, pathRedirectTarget } from '../../src/content/path-redirects/path-redirect-target';
import type { SpacePathRedirectRecord } from '../../src/content/path-redirects/records';
import type { SiteRedirectRecord } from '../../src/redirects/records';
import {
  followRedirects,
  MAX_REDIRECT_HOPS,
  type RedirectHop,
  redirectAnswer,
} from '../../src/redirects/redirect-rules';

const redirect = (source: string, draft = false): SiteRedirectRecord => ({
  id: `${draft ? 'draft' : 'live'}${source}`,
  organizationId: 'org',
  siteId: 'site',
  source,
  draft,
  captureWildcard: false,
  permanent: false,
  destination: { kind: 'external', url: `https://example.com${source}` },
  createdAt: '2026-01-01T00:00:00.000Z',
});

const record = (
  path: string,
  pageId: string,
  origin: 'moved' | 'git' = 'moved',
): SpacePathRedirectRecord => ({
  spaceId: 'space',
  organizationId: 'org',
  path,
  pageId,
  origin,
  at: '2026-01-01T00:00:00.000Z',
});

const oldPath = {
  siteSpaceId: 'site-space',
  target: { record: record('old', 'p'), pageId: 'p', path: 'new' },
};

describe('which redirect answers a path (rules 1 to 4)', () => {
  const cases: Array<[title: string, input: Parameters<typeof redirectAnswer>[0], expected: string | null]> =
    [
      ['1: the exact source', { source: '/a', siteRedirects: [redirect('/a')], oldPath: null }, 'site:/a'],
      [
        '1 before 2: the exact source before an old page path',
        { source: '/a', siteRedirects: [redirect('/a')], oldPath },
        'site:/a',
      ],
      [
        '2 before 3: an old page path before a wildcard',
        { source: '/a/b', siteRedirects: [redirect('/a/*')], oldPath },
        'old-path:new',
      ],
      ['2: an old page path alone', { source: '/old', siteRedirects: [], oldPath }, 'old-path:new'],
      [
        '3: the longest wildcard prefix',
        {
          source: '/docs/x',
          siteRedirects: [redirect('/d*'), redirect('/docs/*'), redirect('/docs*')],
          oldPath: null,
        },
        'site:/docs/*',
      ],
      [
        '3: "/docs*" before "/d*"',
        { source: '/docs-old', siteRedirects: [redirect('/d*'), redirect('/docs*')], oldPath: null },
        'site:/docs*',
      ],
      ['4: nothing', { source: '/a', siteRedirects: [redirect('/b')], oldPath: null }, null],
      ['drafts never answer', { source: '/a', siteRedirects: [redirect('/a', true)], oldPath: null }, null],
      [
        'a draft of the source does not hide the wildcard',
        { source: '/a/b', siteRedirects: [redirect('/a/b', true), redirect('/a/*')], oldPath: null },
        'site:/a/*',
      ],
    ];
  it.each(cases)('%s', (_title, input, expected) => {
    const answer = redirectAnswer(input);
    const said =
      answer === null
        ? null
        : answer.by === 'site-redirect'
          ? `site:${answer.redirect.source}`
          : `old-path:${answer.target.path}`;
    expect(said).toBe(expected);
  });
});

describe('where a chain ends (rules 5 and 6)', () => {
  /** A site's links: a path to the path inside the site it sends to (no page there), or to an address outside ('=>'). */
  const chainOf = (links: Record<string, string>) => (path: string) => {
    const to = links[path];
    if (to === undefined) return Promise.resolve(null);
    const outside = to.startsWith('=>');
    const hop: RedirectHop<string> = {
      answer: path,
      target: outside ? to.slice(2) : `https://site${to}`,
      next: outside ? null : to,
    };
    return Promise.resolve(hop);
  };
  const long = Object.fromEntries(
    Array.from({ length: MAX_REDIRECT_HOPS + 2 }, (_, i) => [`/p${i}`, `/p${i + 1}`]),
  );
  const cases: Array<[title: string, links: Record<string, string>, expected: unknown]> = [
    ['nothing answers', {}, { found: false, loop: null }],
    ['one link outside', { '/a': '=>https://x/' }, { found: true, first: '/a', target: 'https://x/' }],
    [
      'a chain collapses into its last target',
      { '/a': '/b', '/b': '/c', '/c': '=>https://x/c' },
      { found: true, first: '/a', target: 'https://x/c' },
    ],
    [
      'a link nothing answers ends the chain there',
      { '/a': '/b' },
      { found: true, first: '/a', target: 'https://site/b' },
    ],
    ['a -> a is a loop', { '/a': '/a' }, { found: false, loop: ['/a', '/a'] }],
    ['a -> b -> a is a loop', { '/a': '/b', '/b': '/a' }, { found: false, loop: ['/a', '/b', '/a'] }],
    [
      'a -> b -> c -> b is a loop',
      { '/a': '/b', '/b': '/c', '/c': '/b' },
      { found: false, loop: ['/a', '/b', '/c', '/b'] },
    ],
  ];
  it.each(cases)('%s', async (_title, links, expected) => {
    expect(await followRedirects('/a', chainOf(links))).toEqual(expected);
  });
  it(`more than ${MAX_REDIRECT_HOPS} links count as a loop`, async () => {
    const outcome = await followRedirects('/p0', chainOf(long));
    expect(outcome.found).toBe(false);
    expect(outcome.found === false && outcome.loop?.length).toBe(MAX_REDIRECT_HOPS + 2);
    expect((await followRedirects(`/p${3}`, chainOf(long))).found).toBe(true);
  });
});

/** Page places from `id: parent/slug` lines ('-' for no parent). */
function placesOf(lines: Record<string, string>): PagePlaces & CurrentPages {
  const pages = new Map(
    Object.entries(lines).map(([id, place]) => {
      const [parent, slug] = place.split('/') as [string, string];
      return [id, { id, parentId: parent === '-' ? null : parent, slug }];
    }),
  );
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const page = pages.get(id)!;
    return page.parentId === null ? page.slug : `${pathOf(page.parentId)}/${page.slug}`;
  };
  for (const id of pages.keys()) paths.set(id, pathOf(id));
  const byPath = new Map([...paths].map(([id, path]) => [path, pages.get(id)!]));
  return { pages, paths, byPath };
}

describe('what a content change leaves behind (moved-paths rules)', () => {
  const before = placesOf({ g: '-/guide', i: 'g/install', c: 'g/config', x: '-/extra' });
  const cases: Array<[title: string, after: Record<string, string>, moved: string[], live: string[]]> = [
    ['nothing moved', { g: '-/guide', i: 'g/install', c: 'g/config', x: '-/extra' }, [], []],
    [
      '1: a renamed slug',
      { g: '-/guide', i: 'g/setup', c: 'g/config', x: '-/extra' },
      ['guide/install->i'],
      ['guide/setup'],
    ],
    [
      '1, 2: a moved parent records itself only; its subpages are live at their new paths',
      { g: '-/manual', i: 'g/install', c: 'g/config', x: '-/extra' },
      ['guide->g'],
      ['manual', 'manual/install', 'manual/config'],
    ],
    [
      '1: a page moved under another parent',
      { g: '-/guide', i: 'x/install', c: 'g/config', x: '-/extra' },
      ['guide/install->i'],
      ['extra/install'],
    ],
    ['3: a deleted page leaves nothing', { g: '-/guide', c: 'g/config', x: '-/extra' }, [], []],
    [
      '4: a new page at an old path makes it live',
      { g: '-/guide', i: 'g/install', c: 'g/config', x: '-/extra', n: '-/old' },
      [],
      ['old'],
    ],
  ];
  it.each(cases)('%s', (_title, after, moved, live) => {
    const changes = pathChanges(before, placesOf(after));
    expect(changes.moved.map(({ path, pageId }) => `${path}->${pageId}`)).toEqual(moved);
    expect(changes.live.sort()).toEqual(live.sort());
  });
});

describe("a written revision's page places, without its index", () => {
  it('gives every page the path the index gives it; a page under a missing parent, or in a cycle, none', () => {
    const index = placesOfPages(
      new Map(
        Object.entries({
          g: { parentId: null, slug: 'guide' },
          i: { parentId: 'g', slug: 'install' },
          d: { parentId: 'i', slug: 'deep' },
        }),
      ),
    );
    expect(Object.fromEntries(index.paths)).toEqual({
      g: 'guide',
      i: 'guide/install',
      d: 'guide/install/deep',
    });
    const broken = placesOfPages(
      new Map(
        Object.entries({
          o: { parentId: 'missing', slug: 'orphan' },
          a: { parentId: 'b', slug: 'a' },
          b: { parentId: 'a', slug: 'b' },
          t: { parentId: null, slug: 'top' },
        }),
      ),
    );
    expect(Object.fromEntries(broken.paths)).toEqual({ t: 'top' });
  });
});

describe('where an old path leads (path-redirect-target rules)', () => {
  const now = placesOf({
    m: '-/manual',
    i: 'm/install',
    s: '-/setup',
    x: '-/extra',
    o: '-/other',
    j: 'o/install',
  });
  const cases: Array<
    [title: string, path: string, records: SpacePathRedirectRecord[], expected: string | null]
  > = [
    ['1: a live page wins over its old record', 'extra', [record('extra', 's')], null],
    ['2: the exact old path', 'guide', [record('guide', 'm')], 'manual'],
    ['2: a subpage follows its moved parent', 'guide/install', [record('guide', 'm')], 'manual/install'],
    [
      '2: the longest record first',
      'guide/install',
      [record('guide', 'm'), record('guide/install', 's')],
      'setup',
    ],
    ['2: a .gitbook.yaml redirect answers its exact path', 'help', [record('help', 's', 'git')], 'setup'],
    ['2: a .gitbook.yaml redirect is no prefix', 'help/more', [record('help', 'm', 'git')], null],
    ['3: a deleted page answers nothing', 'gone', [record('gone', 'deleted')], null],
    [
      '3: a subpage the moved parent no longer has: the shorter record is tried',
      'guide/nothing',
      [record('guide', 'm')],
      null,
    ],
    [
      '3: a chain collapses: every old path leads to where the page is now',
      'first',
      [record('first', 'm')],
      'manual',
    ],
    [
      '4: a subpage moved after its parent: the path the parent record leads to is looked up again',
      'guide/setup',
      [record('guide', 'm'), record('manual/setup', 'j')],
      'other/install',
    ],
    [
      '4: records leading round answer nothing',
      'a/x',
      [record('a', 'm'), record('manual', 'o'), record('other', 'm')],
      null,
    ],
    ['5: no record', 'elsewhere', [], null],
  ];
  it.each(cases)('%s', async (_title, path, records, expected) => {
    const recordsOf = async (paths: string[]) => records.filter((one) => paths.includes(one.path));
    const target = await pathRedirectTarget(path, recordsOf, now);
    expect(target?.path ?? null).toBe(expected);
    // The record named is the one of the path asked (or of a leading part of it).
    if (target) expect(path.startsWith(target.record.path)).toBe(true);
  });
});
