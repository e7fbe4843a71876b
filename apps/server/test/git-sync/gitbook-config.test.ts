/** `.gitbook.yaml`: GitBook's defaults, each key read, and a bad file refused naming the key. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GITBOOK_CONFIG,
  MAX_GITBOOK_CONFIG_LENGTH,
  readGitbookConfig,
} from '../../src/git-sync/gitbook-config';

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

  // Read on the server's thread: the keys of a mapping are checked in one pass
  // (`parseYamlText`), and the file is bounded.
  const redirects = (count: number) =>
    `redirects:\n${Array.from({ length: count }, (_, index) => `  old/path-${index}: guides/page-${index}.md\n`).join('')}`;

  // The keys' cost itself is `parseYamlText`'s test (packages/documents): with each key compared
  // with every one before it, these took 13 s.
  it('reads 25,000 redirects (1 MB)', () => {
    const text = redirects(25_000);
    expect(text.length).toBeLessThan(MAX_GITBOOK_CONFIG_LENGTH);
    expect(Object.keys(readGitbookConfig(text).redirects)).toHaveLength(25_000);
  });

  it('refuses a redirect key written twice, as before', () => {
    expect(() => readGitbookConfig('redirects:\n  a: x.md\n  a: y.md\n')).toThrow(
      expect.objectContaining({
        reason: 'corrupt',
        message: '.gitbook.yaml is not valid YAML: Map keys must be unique at line 3, column 3:',
      }),
    );
  });

  it('refuses a file longer than it reads, naming the bound', () => {
    const text = redirects(40_000);
    expect(() => readGitbookConfig(text)).toThrow(
      expect.objectContaining({
        reason: 'too-large',
        message: `.gitbook.yaml is ${text.length} characters long, more than the ${MAX_GITBOOK_CONFIG_LENGTH} read`,
      }),
    );
  });
});
