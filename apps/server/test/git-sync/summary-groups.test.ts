/**
 * GitBook's page groups in `SUMMARY.md` (issue 27, item 5): a `## Heading` is read as a group
 * page holding the pages listed under it, and a group page is written back as the same
 * heading line, byte for byte while its title and slug are unchanged.
 */
import { describe, expect, it } from 'vitest';
import type { ExportedPage } from '../../src/git-sync/exported-content';
import { readRepository } from '../../src/git-sync/read-repository';
import { groupedBySummary, readGroupHeading } from '../../src/git-sync/summary-groups';
import { readSummaryLayout } from '../../src/git-sync/summary-layout';
import { summaryTextOf } from '../../src/git-sync/summary-text';
import { importedFiles, LIMITS, outline, repositoryTree } from './repository-fixture';

const SUMMARY = [
  '# Contents',
  '',
  '- [Welcome](README.md)',
  '',
  '## Get Started <a href="#getting-started" id="getting-started"></a>',
  '',
  '- [Install](getting-started/install.md)',
  '    - [On Linux](getting-started/install/linux.md "Linux")',
  '',
  '## Reference',
  '',
  '- [API](reference/README.md)',
  '',
  '## Coming soon',
  '',
  '## C\\# \\*tips\\*',
  '',
  '- [Tips](tips.md)',
  '',
].join('\n');

const PATHS = new Map([
  ['welcome', 'README.md'],
  ['install', 'getting-started/install.md'],
  ['linux', 'getting-started/install/linux.md'],
  ['api', 'reference/README.md'],
  ['tips', 'tips.md'],
  ['new', 'reference/new.md'],
]);

const page = (id: string, title: string, children: ExportedPage[] = []): ExportedPage => ({
  id,
  title,
  slug: id,
  hidden: false,
  markdown: '',
  children,
});
const group = (id: string, title: string, slug: string, children: ExportedPage[]): ExportedPage => ({
  ...page(id, title, children),
  type: 'group',
  slug,
});

/** The pages an import of SUMMARY makes, as the export gets them back. */
const original = () => [
  page('welcome', 'Welcome'),
  group('g1', 'Get Started', 'getting-started', [page('install', 'Install', [page('linux', 'On Linux')])]),
  group('g2', 'Reference', 'reference', [page('api', 'API')]),
  group('g3', 'Coming soon', 'coming-soon', []),
  group('g4', 'C# *tips*', 'c-tips', [page('tips', 'Tips')]),
];

const rewritten = (pages: ExportedPage[]) =>
  summaryTextOf(pages, PATHS, 'SUMMARY.md', readSummaryLayout(SUMMARY, 'SUMMARY.md'));

describe('group headings read', () => {
  it.each([
    ['## Guides', { title: 'Guides' }],
    [
      '## Get Started <a href="#getting-started" id="getting-started"></a>',
      { title: 'Get Started', anchor: 'getting-started' },
    ],
    ['### Deeper ###', { title: 'Deeper' }],
    ['## C\\# \\*tips\\*', { title: 'C# *tips*' }],
    ['##    ', { title: 'Untitled' }],
    // Anything else is text of the title, never markup.
    ['## <script>x</script>', { title: '<script>x</script>' }],
  ])('%s', (line, heading) => {
    expect(readGroupHeading(line)).toEqual(heading);
  });

  it('reads 64 KB lines an adversary wrote, without backtracking over them', () => {
    // Each would take minutes where a pattern backtracks over the line (the test's time limit fails it).
    const spacesThenHashes = `## a${' '.repeat(32_000)}${'#'.repeat(32_000)}`;
    expect(readGroupHeading(spacesThenHashes)).toEqual({ title: 'a' });
    const openAnchors = `## ${'<a href="#x" '.repeat(5_000)}</a>`;
    expect(readGroupHeading(openAnchors).title.length).toBeGreaterThan(60_000);
    const spacesInside = `## a${' '.repeat(64_000)}b`;
    expect(readGroupHeading(spacesInside).title).toBe(`a${' '.repeat(64_000)}b`);
  });
});

describe('a repository with SUMMARY headings', () => {
  it('reads each heading as a group page holding the pages listed under it, an empty one too', async () => {
    const content = await readRepository(
      repositoryTree({
        'README.md': '# Welcome\n',
        'SUMMARY.md': SUMMARY,
        'getting-started/install.md': '# Install\n',
        'getting-started/install/linux.md': '# On Linux\n',
        'reference/README.md': '# API\n',
        'tips.md': '# Tips\n',
      }),
      await importedFiles(),
      LIMITS,
    );
    expect(outline(content.pages)).toEqual([
      'Welcome',
      ['Get Started', [['Install', ['On Linux']]]],
      ['Reference', ['API']],
      'Coming soon',
      ['C# *tips*', ['Tips']],
    ]);
    expect(content.pages[1]).toMatchObject({
      type: 'group',
      slug: 'getting-started',
      markdown: '',
      git: null,
      hidden: false,
    });
    expect(content.pages[2]).toMatchObject({ type: 'group', title: 'Reference' });
    expect(content.pages[2]).not.toHaveProperty('slug');
    expect(content.pages[3]).toMatchObject({ type: 'group', children: [] });
  });

  it('keeps a readme the SUMMARY does not list at the top, before a first heading', () => {
    const pages = groupedBySummary(
      [
        { page: 'readme', path: 'README.md' },
        { page: 'a', path: 'a.md' },
        { page: 'again', path: null },
      ],
      readSummaryLayout('## First\n\n* [A](a.md)\n* [A again](a.md)\n', 'SUMMARY.md'),
      (heading, _index, children) => `${heading.title}: ${children.join(',')}`,
    );
    expect(pages).toEqual(['readme', 'First: a,again']);
  });

  it('without headings, leaves the pages as listed', () => {
    const pages = groupedBySummary(
      [
        { page: 'a', path: 'a.md' },
        { page: 'b', path: null },
      ],
      readSummaryLayout('* [A](a.md)\n* [B](b.md)\n', 'SUMMARY.md'),
      () => 'group',
    );
    expect(pages).toEqual(['a', 'b']);
  });
});

describe('group pages written back', () => {
  it('gives back the file as it was for the groups and pages it lists', () => {
    expect(rewritten(original())).toBe(SUMMARY);
  });

  it('writes a renamed group as GitBook does, its slug in the anchor; a new group and page in the style read', () => {
    const pages = original();
    (pages[2] as ExportedPage).title = 'API reference';
    (pages[2] as ExportedPage).children.push(page('new', 'New'));
    pages.splice(3, 1, group('g5', 'Extras', 'extras', []));
    expect(rewritten(pages)).toBe(
      [
        '# Contents',
        '',
        '- [Welcome](README.md)',
        '',
        '## Get Started <a href="#getting-started" id="getting-started"></a>',
        '',
        '- [Install](getting-started/install.md)',
        '    - [On Linux](getting-started/install/linux.md "Linux")',
        '',
        '## API reference <a href="#reference" id="reference"></a>',
        '',
        '- [API](reference/README.md)',
        '- [New](reference/new.md)',
        '',
        '## Extras',
        '',
        '## C\\# \\*tips\\*',
        '',
        '- [Tips](tips.md)',
        '',
      ].join('\n'),
    );
  });

  it('reads back what it wrote: the same groups, titles and pages', async () => {
    const pages = original();
    pages.push(group('g6', 'Last [one]', 'last-one', [page('new', 'New')]));
    const text = summaryTextOf(pages, PATHS, 'SUMMARY.md');
    const layout = readSummaryLayout(text, 'SUMMARY.md');
    const top = [
      { page: 'welcome', path: 'README.md' },
      { page: 'install', path: 'getting-started/install.md' },
      { page: 'api', path: 'reference/README.md' },
      { page: 'tips', path: 'tips.md' },
      { page: 'new', path: 'reference/new.md' },
    ];
    const read = groupedBySummary(
      top,
      layout,
      (heading, _index, children) => `${heading.title}: ${children.join(',')}`,
    );
    expect(read).toEqual([
      'welcome',
      'Get Started: install',
      'Reference: api',
      'Coming soon: ',
      'C# *tips*: tips',
      'Last [one]: new',
    ]);
  });

  it('lists a top-level page after a group under it: SUMMARY.md has no way out of a group', () => {
    const pages = [...original(), page('new', 'After')];
    expect(rewritten(pages).endsWith('- [Tips](tips.md)\n- [After](reference/new.md)\n')).toBe(true);
  });
});
