/**
 * GitBook's link pages in `SUMMARY.md` (issue 27, item 5): an item linking to another site is
 * read as a link page (a title and an address, no file) and written back as the same item.
 */
import { describe, expect, it } from 'vitest';
import type { ExportedPage } from '../../src/git-sync/exported-content';
import { readRepository } from '../../src/git-sync/read-repository';
import { readSummaryLayout } from '../../src/git-sync/summary-layout';
import { linkItemText } from '../../src/git-sync/summary-link-pages';
import { summaryTextOf } from '../../src/git-sync/summary-text';
import { writeRepository } from '../../src/git-sync/write-repository';
import { importedFiles, LIMITS, repositoryTree } from './repository-fixture';

const SUMMARY = [
  '# Table of contents',
  '',
  '* [Home](README.md)',
  '* [Status page](https://status.example.com/ "Status")',
  '',
  '## Guides',
  '',
  '* [Install](install.md)',
  '  * [Forum](https://forum.example.com)',
  '* [Script](javascript:alert(1))',
  '* [Nested link](https://example.com/a)',
  '  * [Child](child.md)',
  '',
].join('\n');

describe('link pages read from SUMMARY.md', () => {
  it('makes an item linking to another site a link page; other schemes and items with subpages stay pages', async () => {
    const content = await readRepository(
      repositoryTree({
        'README.md': '# Home\n',
        'SUMMARY.md': SUMMARY,
        'install.md': '# Install\n',
        'child.md': '# Child\n',
      }),
      await importedFiles(),
      LIMITS,
    );
    const [home, status, guides] = content.pages;
    expect(home).not.toHaveProperty('type');
    expect(status).toMatchObject({
      type: 'link',
      title: 'Status page',
      target: { kind: 'url', url: 'https://status.example.com/' },
      git: null,
      markdown: '',
    });
    const [install, script, nested] = guides?.children ?? [];
    expect(install?.children[0]).toMatchObject({
      type: 'link',
      target: { url: 'https://forum.example.com' },
    });
    expect(script).not.toHaveProperty('type');
    expect(nested).not.toHaveProperty('type');
  });
});

const page = (id: string, title: string, fields: Partial<ExportedPage> = {}): ExportedPage => ({
  id,
  title,
  slug: id,
  hidden: false,
  markdown: '',
  children: [],
  ...fields,
});

describe('link pages written back', () => {
  const pages = (): ExportedPage[] => [
    page('home', 'Home', { recordedPath: 'README.md' }),
    page('status', 'Status page', { type: 'link', href: 'https://status.example.com/' }),
  ];
  const paths = new Map([['home', 'README.md']]);

  it('writes a link page as its item as it was read, and no file for it', () => {
    const previous = readSummaryLayout(SUMMARY, 'SUMMARY.md');
    expect(summaryTextOf(pages(), paths, 'SUMMARY.md', previous)).toContain(
      '* [Status page](https://status.example.com/ "Status")\n',
    );
    const written = writeRepository(pages(), []);
    expect(written.map((file) => file.path)).toEqual(['README.md', 'SUMMARY.md']);
  });

  it('writes a new or renamed link page in GitBook’s form, its address kept (a space encoded)', () => {
    const renamed = pages();
    (renamed[1] as ExportedPage).title = 'Status [live]';
    expect(summaryTextOf(renamed, paths, 'SUMMARY.md')).toContain(
      '* [Status \\[live\\]](https://status.example.com/)\n',
    );
    expect(linkItemText('-', 'Odd', 'https://example.com/a (b)')).toBe(
      '- [Odd](<https://example.com/a%20(b)>)',
    );
  });
});
