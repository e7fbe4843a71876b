/** `.gitbook.yaml`: GitBook's defaults, each key read, and a bad file refused naming the key. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_GITBOOK_CONFIG, readGitbookConfig } from '../../src/git-sync/gitbook-config';

describe('.gitbook.yaml', () => {
  it.each([
    ['no file', undefined, DEFAULT_GITBOOK_CONFIG],
    ['an empty file', '', DEFAULT_GITBOOK_CONFIG],
    ['root only', 'root: ./docs/\n', { ...DEFAULT_GITBOOK_CONFIG, root: 'docs' }],
    ['root here', 'root: ./\n', DEFAULT_GITBOOK_CONFIG],
    [
      'structure',
      'structure:\n  readme: intro.md\n  summary: toc/SUMMARY.md\n',
      { ...DEFAULT_GITBOOK_CONFIG, structure: { readme: 'intro.md', summary: 'toc/SUMMARY.md' } },
    ],
    [
      'half a structure',
      'structure:\n  summary: contents.md\n',
      { ...DEFAULT_GITBOOK_CONFIG, structure: { readme: 'README.md', summary: 'contents.md' } },
    ],
    [
      'redirects',
      'redirects:\n  help: ./support.md\n  /old/page: guide/new.md\n',
      { ...DEFAULT_GITBOOK_CONFIG, redirects: { help: 'support.md', 'old/page': 'guide/new.md' } },
    ],
    ['unknown keys ignored', 'root: docs\nintegrations: {}\n', { ...DEFAULT_GITBOOK_CONFIG, root: 'docs' }],
  ])('%s', (_, text, expected) => {
    expect(readGitbookConfig(text)).toEqual(expected);
  });

  it.each([
    ['not YAML', 'root: [docs', 'corrupt', /^\.gitbook\.yaml is not valid YAML/],
    ['a list', '- root\n', 'corrupt', /^\.gitbook\.yaml: \(the whole file\): /],
    ['root not a string', 'root: 3\n', 'corrupt', /^\.gitbook\.yaml: root: /],
    ['structure not a mapping', 'structure: README.md\n', 'corrupt', /^\.gitbook\.yaml: structure: /],
    [
      'readme not a string',
      'structure:\n  readme: [a]\n',
      'corrupt',
      /^\.gitbook\.yaml: structure\.readme: /,
    ],
    ['an empty summary', "structure:\n  summary: ''\n", 'corrupt', /^\.gitbook\.yaml: structure\.summary: /],
    [
      'a summary naming no file',
      'structure:\n  summary: ./\n',
      'corrupt',
      /structure\.summary: names no file/,
    ],
    ['a redirect to nothing', 'redirects:\n  a: 1\n', 'corrupt', /^\.gitbook\.yaml: redirects\.a: /],
  ])('refuses %s', (_, text, reason, message) => {
    expect(() => readGitbookConfig(text)).toThrow(
      expect.objectContaining({ reason, message: expect.stringMatching(message) }),
    );
  });
});
