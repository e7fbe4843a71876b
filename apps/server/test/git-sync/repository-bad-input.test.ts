/**
 * Bad input in a repository's table of contents and includes, read by `readRepository`,
 * each with a clear outcome (issue 27, bad input; `.gitbook.yaml` malformed and SUMMARY
 * links out of the content are `gitbook-config.test.ts` and `repository-paths.test.ts`):
 *
 * - a file the SUMMARY lists twice, or inside itself (a cycle), is read once, where it is
 *   first listed; the later items are pages without a body, titled as listed (GitBook's
 *   reading: one file, one page), and reading ends;
 * - a SUMMARY that lists itself: a page without a body (the table of contents is no page);
 * - a SUMMARY nested a thousand levels deep (one space a level, within the file size limit)
 *   is read, level by level;
 * - `{% include %}` is never followed by the reader: an include naming a path out of the
 *   repository, or a file that is missing, stays in its page as written, and no file is
 *   read through it.
 */
import { describe, expect, it } from 'vitest';
import { readRepository } from '../../src/git-sync/read-repository';
import { flatten, importedFiles, LIMITS, outline, repositoryTree } from './repository-fixture';

const read = async (files: Record<string, string>) =>
  readRepository(repositoryTree(files), await importedFiles(), LIMITS);

describe('a SUMMARY.md listing a file more than once', () => {
  it('reads it where it is first listed; a later item is a page without a body', async () => {
    const content = await read({
      'README.md': '# Home\n\nWelcome.\n',
      'guide.md': '# Guide\n\nThe guide.\n',
      'SUMMARY.md':
        '* [Home](README.md)\n* [Guide](guide.md)\n* [Guide again](guide.md)\n* [Home too](./README.md)\n',
    });
    expect(content.pages.map((page) => [page.title, page.git?.path ?? null, page.markdown.trim()])).toEqual([
      ['Home', 'README.md', 'Welcome.'],
      ['Guide', 'guide.md', 'The guide.'],
      ['Guide again', null, ''],
      ['Home too', null, ''],
    ]);
  });

  it('a file listed inside itself (a cycle) is read once, and reading ends', async () => {
    const content = await read({
      'README.md': '# Home\n',
      'a.md': '# A\n\nBody of a.\n',
      'SUMMARY.md': '* [A](a.md)\n  * [A inside A](a.md)\n    * [A deeper](a.md)\n',
    });
    expect(outline(content.pages)).toEqual([['A', [['A inside A', ['A deeper']]]]]);
    expect(flatten(content.pages).map((page) => page.git?.path ?? null)).toEqual(['a.md', null, null]);
  });

  it('a SUMMARY listing itself is a page without a body', async () => {
    const content = await read({
      'README.md': '# Home\n',
      'SUMMARY.md': '* [Home](README.md)\n* [Contents](SUMMARY.md)\n',
    });
    expect(content.pages.map((page) => [page.title, page.git?.path ?? null])).toEqual([
      ['Home', 'README.md'],
      ['Contents', null],
    ]);
  });

  it('reads a SUMMARY nested 1,000 levels deep', async () => {
    const lines = Array.from(
      { length: 1000 },
      (_, level) => `${' '.repeat(level)}* [Level ${level}](level-${level}.md)`,
    );
    const files: Record<string, string> = { 'README.md': '# Home\n', 'SUMMARY.md': `${lines.join('\n')}\n` };
    for (let level = 0; level < 1000; level++) files[`level-${level}.md`] = `# Level ${level}\n`;
    const content = await read(files);
    const flat = flatten(content.pages);
    expect(flat).toHaveLength(1000);
    expect(flat.at(-1)).toMatchObject({ title: 'Level 999', git: { path: 'level-999.md' } });
  });
});

describe('includes', () => {
  it('are never followed: one out of the repository, or of a missing file, stays as written', async () => {
    const page = [
      '# Page',
      '',
      '{% include "../../../../etc/passwd" %}',
      '',
      '{% include "/etc/hostname" %}',
      '',
      '{% include ".gitbook/includes/missing.md" %}',
      '',
      '{% include ".gitbook/includes/shared.md" %}',
      '',
    ].join('\n');
    const content = await read({
      'README.md': page,
      '.gitbook/includes/shared.md': '# Shared\n\nShared text.\n',
    });
    expect(flatten(content.pages)).toHaveLength(1);
    const markdown = content.pages[0]?.markdown ?? '';
    for (const path of [
      '../../../../etc/passwd',
      '/etc/hostname',
      '.gitbook/includes/missing.md',
      '.gitbook/includes/shared.md',
    ])
      expect(markdown).toContain(`{% include "${path}" %}`);
    expect(markdown).not.toContain('Shared text.');
    expect(content.files).toEqual([]);
  });
});
