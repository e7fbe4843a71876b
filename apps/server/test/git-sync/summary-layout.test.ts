/**
 * A `SUMMARY.md` rewritten over the repository's own (`readSummaryLayout`, `summaryTextOf`):
 * what GitBook and its authors wrote around the list survives a change of the outline made
 * in Quire (issue 27, item 5), and the result reads back as the outline written.
 */
import { describe, expect, it } from 'vitest';
import type { ExportedPage } from '../../src/git-sync/exported-content';
import { readSummaryLayout } from '../../src/git-sync/summary-layout';
import { summaryTextOf } from '../../src/git-sync/summary-text';
import { readSummary } from '../../src/imports/summary-contents';

const REPOSITORY_SUMMARY = [
  '# Contents',
  '',
  '- [Welcome](README.md)',
  '',
  '## Guides <a href="#guides" id="guides"></a>',
  '',
  '- [Install](guides/install.md)',
  '    - [On Linux](guides/install/linux.md "Linux")',
  '- [Errors: E\\_001](guides/error\\_001.md)',
  '',
  '## Reference',
  '',
  '- [API](reference/README.md)',
  '- [Café](reference/caf%C3%A9.md)',
  '',
].join('\n');

const page = (id: string, title: string, children: ExportedPage[] = []): ExportedPage => ({
  id,
  title,
  slug: id,
  hidden: false,
  markdown: '',
  children,
});

const PATHS = new Map([
  ['welcome', 'README.md'],
  ['install', 'guides/install.md'],
  ['linux', 'guides/install/linux.md'],
  ['errors', 'guides/error_001.md'],
  ['api', 'reference/README.md'],
  ['cafe', 'reference/café.md'],
  ['new', 'guides/new.md'],
  ['top', 'top.md'],
]);

const rewritten = (pages: ExportedPage[]) =>
  summaryTextOf(pages, PATHS, 'SUMMARY.md', readSummaryLayout(REPOSITORY_SUMMARY, 'SUMMARY.md'));

const outline = (text: string): unknown[] => {
  const of = (items: ReturnType<typeof readSummary>): unknown[] =>
    items.map((item) => (item.children.length === 0 ? item.title : [item.title, of(item.children)]));
  return of(readSummary(text));
};

describe('a SUMMARY.md rewritten in its own layout', () => {
  const original = () => [
    page('welcome', 'Welcome'),
    page('install', 'Install', [page('linux', 'On Linux')]),
    page('errors', 'Errors: E_001'),
    page('api', 'API'),
    page('cafe', 'Café'),
  ];

  it('gives back the file as it was for the outline it lists', () => {
    expect(rewritten(original())).toBe(REPOSITORY_SUMMARY);
  });

  it('keeps the preamble, headings, bullet, indentation and unchanged lines; writes new ones in its style', () => {
    const pages = original();
    pages.splice(3, 0, page('new', 'New [beta]'));
    (pages[1] as ExportedPage).title = 'Installing';
    pages.splice(4, 1); // API removed
    const text = rewritten(pages);
    expect(text).toBe(
      [
        '# Contents',
        '',
        '- [Welcome](README.md)',
        '',
        '## Guides <a href="#guides" id="guides"></a>',
        '',
        '- [Installing](guides/install.md)',
        '    - [On Linux](guides/install/linux.md "Linux")',
        '- [Errors: E\\_001](guides/error\\_001.md)',
        '- [New \\[beta\\]](guides/new.md)',
        '',
        '## Reference',
        '',
        '- [Café](reference/caf%C3%A9.md)',
        '',
      ].join('\n'),
    );
    expect(outline(text)).toEqual([
      'Welcome',
      ['Installing', ['On Linux']],
      'Errors: E_001',
      'New [beta]',
      'Café',
    ]);
  });

  it('drops a group left without pages', () => {
    const [welcome, , , api, cafe] = original() as ExportedPage[];
    const text = rewritten([welcome, api, cafe] as ExportedPage[]);
    expect(text.match(/^## .*$/gm)).toEqual(['## Reference']);
  });

  it('a page moved among another group’s pages joins that group: each heading is written once', () => {
    const [welcome, install, errors, api, cafe] = original() as ExportedPage[];
    const text = rewritten([welcome, install, api, errors, cafe] as ExportedPage[]);
    expect(text.match(/^## .*$/gm)).toEqual(['## Guides <a href="#guides" id="guides"></a>', '## Reference']);
    expect(text).toContain(
      '## Reference\n\n- [API](reference/README.md)\n- [Errors: E\\_001](guides/error\\_001.md)\n- [Café]',
    );
  });

  it('puts a new first page in the group of the first listed page after it', () => {
    const text = rewritten([page('top', 'Top'), ...original().slice(1)]);
    expect(
      text.startsWith('# Contents\n\n## Guides <a href="#guides" id="guides"></a>\n\n- [Top](top.md)\n'),
    ).toBe(true);
  });

  it('without a repository SUMMARY, writes GitBook’s default', () => {
    expect(summaryTextOf(original(), PATHS, 'SUMMARY.md')).toBe(
      [
        '# Table of contents',
        '',
        '* [Welcome](README.md)',
        '* [Install](guides/install.md)',
        '  * [On Linux](guides/install/linux.md)',
        '* [Errors: E_001](guides/error_001.md)',
        '* [API](reference/README.md)',
        '* [Café](reference/caf%C3%A9.md)',
        '',
      ].join('\n'),
    );
  });
});

describe("a SUMMARY.md item's link", () => {
  it.each([
    ['a link', '* [Install](guides/install.md)', 'Install', 'guides/install.md'],
    [
      'spaces and a link title',
      '* [Install](  <guides/install.md>  "Title" )',
      'Install',
      'guides/install.md',
    ],
    ['a link title and no link', '* [Install]( "Title x")', 'Install', null],
    ['no link', '* [Install]()', 'Install', null],
    ['not a link', '* [Install](x "a" y)', '[Install](x "a" y)', null],
  ])('%s, as before', (_, line, title, link) => {
    expect(readSummary(line)).toEqual([{ title, link, children: [] }]);
  });

  // Read on the server's thread when an export looks at the repository's SUMMARY.md.
  it.each([
    ['spaces after the parenthesis', `* [a](${' '.repeat(200_000)}x`],
    ['spaces after the link', `* [a](x${' '.repeat(200_000)}y`],
    ['spaces before a quote', `* [a](${' '.repeat(200_000)}"x`],
  ])(
    'reads a line of %s in linear time',
    (_, line) => {
      // Giving the spaces back one by one, 200,000 of them took a minute and more: past this
      // test's time limit (a bound on finishing, not a measure; `bench/` measures).
      readSummary(line);
      readSummaryLayout(line, 'SUMMARY.md');
    },
    20_000,
  );
});
