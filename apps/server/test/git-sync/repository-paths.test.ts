/**
 * Path traversal: a path from `repoProjectDirectory`, `.gitbook.yaml` or `SUMMARY.md` that
 * could lead out of its folder refuses the whole repository, naming where it came from.
 */
import { describe, expect, it } from 'vitest';
import { readGitbookConfig } from '../../src/git-sync/gitbook-config';
import { readRepository } from '../../src/git-sync/read-repository';
import { safeRepositoryPath } from '../../src/git-sync/repository-path';
import { importedFiles, LIMITS, repositoryTree } from './repository-fixture';

const unsafe = [
  ['a parent', '../secrets', 'leads out of its folder (..)'],
  ['a parent inside', 'docs/../../etc', 'leads out of its folder (..)'],
  ['an absolute path', '/etc/passwd', 'is absolute (paths are relative)'],
  ['a drive letter', 'C:/Windows', 'is absolute (paths are relative)'],
  ['a backslash', 'docs\\..\\x', 'holds a backslash (paths are /-separated)'],
  ['a NUL', 'docs\0', 'holds a NUL character'],
] as const;

describe('safe repository paths', () => {
  it.each([
    ['', ''],
    ['.', ''],
    ['./docs/', 'docs'],
    ['docs//guide/./', 'docs/guide'],
    ['..docs/a..b', '..docs/a..b'],
  ])('%j is %j', (path, expected) => {
    expect(safeRepositoryPath(path, 'x')).toBe(expected);
  });

  it.each(unsafe)('refuses %s', (_, path, why) => {
    expect(() => safeRepositoryPath(path, 'repoProjectDirectory')).toThrow(
      expect.objectContaining({ reason: 'unsafe-path', message: expect.stringContaining(why) }),
    );
  });
});

describe('path traversal refused', () => {
  const tree = repositoryTree({ 'README.md': '# Home\n', 'docs/README.md': '# Docs\n' });
  const read = async (files = tree, projectDirectory?: string) =>
    readRepository(files, await importedFiles(), {
      ...LIMITS,
      ...(projectDirectory === undefined ? {} : { projectDirectory }),
    });

  it.each(unsafe)('in repoProjectDirectory: %s', async (_, path, why) => {
    await expect(read(tree, path)).rejects.toMatchObject({
      reason: 'unsafe-path',
      message: expect.stringMatching(new RegExp(`^repoProjectDirectory ".*" ${regexpOf(why)}$`)),
    });
  });

  it.each(unsafe)('in .gitbook.yaml root, readme, summary and redirects: %s', (_, path) => {
    for (const [key, yaml] of [
      ['root', `root: ${JSON.stringify(path)}`],
      ['structure.readme', `structure:\n  readme: ${JSON.stringify(path)}`],
      ['structure.summary', `structure:\n  summary: ${JSON.stringify(path)}`],
      ['redirects.old', `redirects:\n  old: ${JSON.stringify(path)}`],
    ])
      expect(() => readGitbookConfig(yaml)).toThrow(
        expect.objectContaining({
          reason: 'unsafe-path',
          message: expect.stringContaining(`.gitbook.yaml ${key} "`),
        }),
      );
  });

  it.each([
    ['a parent past the root', '../secret.md', 'outside the content'],
    ['a parent past the root from a folder', 'docs/../../secret.md', 'outside the content'],
    ['an encoded parent', '%2e%2e/secret.md', 'outside the content'],
    ['an absolute path', '/etc/passwd', 'an absolute path'],
    ['a drive letter', 'C:/x.md', 'an absolute path'],
    ['a backslash', '..\\secret.md', 'which holds a backslash'],
    ['an encoded NUL', 'a%00.md', 'which holds a NUL character'],
  ])('in SUMMARY.md: %s', async (_, link, why) => {
    const files = repositoryTree({
      'README.md': '# Home\n',
      'SUMMARY.md': `# Table of contents\n\n* [Home](README.md)\n  * [Bad](${link})\n`,
    });
    await expect(read(files)).rejects.toMatchObject({
      reason: 'unsafe-path',
      message: `SUMMARY.md links to "${link}", ${why}`,
    });
  });

  it('keeps SUMMARY links that climb but stay inside, and links to other sites', async () => {
    const files = repositoryTree({
      'docs/guide/a.md': '# A\n',
      'docs/SUMMARY.md': '* [A](guide/../guide/a.md)\n* [Site](https://example.com/x.md)\n',
    });
    const content = await read(files, 'docs');
    expect(content.pages.map((page) => [page.title, page.git?.path ?? null])).toEqual([
      ['A', 'docs/guide/a.md'],
      ['Site', null],
    ]);
  });

  it('refuses a tree file whose own path is unsafe', async () => {
    const files = [...tree, ...repositoryTree({ '../outside.md': '# x' })];
    await expect(read(files)).rejects.toMatchObject({ reason: 'unsafe-path' });
  });
});

const regexpOf = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
