/**
 * Writing a revision as a GitBook repository: the layout, SUMMARY.md, front matter, assets
 * and relative links; the same content gives the same bytes; and a round trip (write, then
 * read) gives back the same pages, order, titles, settings, bodies and files, for a
 * hand-made revision and for generated page trees.
 */
import { normalizeMarkdown, rewriteLinks } from '@quire/documents';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assetNamesOf } from '../../src/git-sync/asset-names';
import type { ExportedFile, ExportedPage, WrittenFile } from '../../src/git-sync/exported-content';
import type { GitbookConfig } from '../../src/git-sync/gitbook-config';
import { readRepository } from '../../src/git-sync/read-repository';
import { writeRepository } from '../../src/git-sync/write-repository';
import { blobOid, flatten, importedFiles, LIMITS, png } from './repository-fixture';
import { withLinksResolved } from './resolved-links';

const leaf = (id: string, title: string, markdown = '', more: Partial<ExportedPage> = {}): ExportedPage => ({
  id,
  title,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  markdown,
  hidden: false,
  children: [],
  ...more,
});

const revision: ExportedPage[] = [
  leaf('home', 'Welcome', 'Start with [the install](/pages/install#steps) or ![a diagram](/files/f1).\n', {
    description: 'Where it starts',
    icon: 'house',
    children: [leaf('sub', 'Under home', 'Up to [home](/pages/home).\n')],
  }),
  leaf('guide', 'Guide', 'Read on: [install](/pages/install), [gone](/pages/nope), [file](/files/f2).\n', {
    children: [
      leaf('install', 'Install', '## Steps\n\nBack to [the guide](/pages/guide).\n', {
        hidden: true,
        emoji: '🚀',
      }),
      leaf('readme', 'Readme', 'A page named like a folder page.\n'),
    ],
  }),
  leaf('summary', 'Summary [draft] \\ notes', '', { slug: 'summary' }),
  leaf('guide2', 'Guide', 'Same title, same slug as another page.\n'),
];
const files: ExportedFile[] = [
  { id: 'f1', name: 'diagram.png', bytes: png },
  { id: 'f2', name: 'Diagram.png', bytes: new TextEncoder().encode('%PDF-1.4') },
  { id: 'f3', name: '../../etc/passwd', bytes: new TextEncoder().encode('unused file') },
];

type BytesFile = Extract<WrittenFile, { bytes: Uint8Array }>;

/** Content with nothing read from a repository is all written anew, as bytes. */
function withBytes(written: readonly WrittenFile[]): BytesFile[] {
  return written.map((file) => {
    if (!('bytes' in file)) throw new Error(`${file.path} was kept, not written`);
    return file;
  });
}

const text = (written: readonly BytesFile[], path: string) =>
  new TextDecoder().decode(written.find((file) => file.path === path)?.bytes);

describe('writing a repository', () => {
  const written = withBytes(writeRepository(revision, files));

  it('lays pages out as GitBook does, with SUMMARY.md and assets', () => {
    expect(written.map((file) => file.path)).toEqual([
      '.gitbook/assets/Diagram.png',
      '.gitbook/assets/diagram-2.png',
      '.gitbook/assets/etc-passwd',
      'README.md',
      'SUMMARY.md',
      'guide-2.md',
      'guide/README.md',
      'guide/install.md',
      'guide/readme-2.md',
      'summary-2.md',
      'welcome/under-home.md',
    ]);
    expect(text(written, 'SUMMARY.md')).toBe(
      [
        '# Table of contents',
        '',
        '* [Welcome](README.md)',
        '  * [Under home](welcome/under-home.md)',
        '* [Guide](guide/README.md)',
        '  * [Install](guide/install.md)',
        '  * [Readme](guide/readme-2.md)',
        '* [Summary \\[draft\\] \\\\ notes](summary-2.md)',
        '* [Guide](guide-2.md)',
        '',
      ].join('\n'),
    );
  });

  it('writes front matter, the title and the body with relative links', () => {
    expect(text(written, 'README.md')).toBe(
      '---\ndescription: Where it starts\nicon: house\n---\n\n# Welcome\n\n' +
        'Start with [the install](guide/install.md#steps) or ![a diagram](.gitbook/assets/diagram-2.png).\n',
    );
    expect(text(written, 'guide/install.md')).toBe(
      '---\nemoji: 🚀\nhidden: true\n---\n\n# Install\n\n## Steps\n\nBack to [the guide](README.md).\n',
    );
    expect(text(written, 'guide/README.md')).toBe(
      '# Guide\n\nRead on: [install](install.md), [gone](/pages/nope), [file](../.gitbook/assets/Diagram.png).\n',
    );
    expect(text(written, 'welcome/under-home.md')).toBe('# Under home\n\nUp to [home](../README.md).\n');
    expect(text(written, 'summary-2.md')).toBe('# Summary [draft] \\ notes\n');
  });

  it('gives the same bytes for the same content, whatever order the files come in', () => {
    const again = withBytes(writeRepository(structuredClone(revision), [...files].reverse()));
    expect(again.map((file) => [file.path, blobOid(file.bytes)])).toEqual(
      written.map((file) => [file.path, blobOid(file.bytes)]),
    );
  });

  it('reads back as it was written', async () => {
    await expectRoundTrip(revision, files);
  });

  it('writes pages and files read from the repository at their paths, unchanged pages as their blobs', () => {
    const pages = [
      leaf('home', 'Home', 'See [setup](/pages/setup) and [new](/pages/new).\n', {
        recordedPath: 'README.md',
      }),
      leaf('guide', 'Guide', 'Edited.\n', {
        recordedPath: 'Guide/Getting Started.md',
        children: [
          leaf('setup', 'Setup', '', { recordedPath: 'setup (old).md', unchangedBlob: 'a'.repeat(40) }),
          leaf('new', 'New page', 'Up to [home](/pages/home).\n'),
        ],
      }),
      leaf('twin', 'Twin', 'A copy claiming the same path.\n', { recordedPath: 'readme.md' }),
      leaf('top', 'Top', 'Made in Quire.\n'),
    ];
    const written = writeRepository(
      pages,
      [
        { id: 'f1', name: 'diagram.png', bytes: png, recordedPath: 'images/diagram (1).png' },
        { id: 'f2', name: 'diagram (1).png', bytes: png },
      ],
      undefined,
      { keepSummary: true },
    );
    expect(written.map((file) => [file.path, 'oid' in file ? file.oid : 'bytes'])).toEqual([
      ['.gitbook/assets/diagram (1).png', 'bytes'],
      ['Guide/Getting Started.md', 'bytes'],
      ['Guide/Getting Started/new-page.md', 'bytes'],
      ['README.md', 'bytes'],
      ['images/diagram (1).png', 'bytes'],
      ['setup (old).md', 'a'.repeat(40)],
      ['top.md', 'bytes'],
      ['twin.md', 'bytes'],
    ]);
    const home = written.find((file) => file.path === 'README.md');
    expect(home && 'bytes' in home && new TextDecoder().decode(home.bytes)).toBe(
      '# Home\n\nSee [setup](setup%20%28old%29.md) and [new](Guide/Getting%20Started/new-page.md).\n',
    );
  });

  it('writes the readme and summary .gitbook.yaml names, no page taking their paths', async () => {
    const structure = { readme: 'intro.md', summary: 'toc/contents.md' };
    const pages = [
      leaf('first', 'First', 'To [the intro page](/pages/intro).\n'),
      leaf('intro', 'Intro', 'Back to [first](/pages/first).\n'),
      leaf('toc', 'Toc', '', { children: [leaf('contents', 'Contents')] }),
    ];
    expect(writeRepository(pages, [], structure).map((file) => file.path)).toEqual([
      'intro-2.md',
      'intro.md',
      'toc-2/README.md',
      'toc-2/contents.md',
      'toc/contents.md',
    ]);
    await expectRoundTrip(pages, [], structure);
  });
});

describe('round trip over generated page trees', () => {
  const title = fc
    .array(
      fc.constantFrom('Guide', 'API', 'é', '[x]', '\\', '#', '*a*', '`c`', '(p)', 'readme', 'SUMMARY', '2'),
      {
        minLength: 1,
        maxLength: 4,
      },
    )
    .map((words) => words.join(' '));
  const setting = (values: readonly string[]) => fc.option(fc.constantFrom(...values), { nil: undefined });
  const flatPage = fc.record({
    depth: fc.nat(3),
    title,
    slug: fc.constantFrom('guide', 'readme', 'summary', 'Guide', '', 'a/b', 'page', 'x'),
    description: setting(['Short', 'Two: colons: here', 'quotes \' " and # hash', '- a list?']),
    icon: setting(['house', 'rocket']),
    emoji: setting(['🚀', '1f680']),
    hidden: fc.boolean(),
    fragments: fc.array(
      fc.oneof(
        fc.constantFrom(
          'Some *text*.',
          '## A heading',
          '- a\n- list',
          '> quote',
          '`code`',
          '[out](https://example.com/a.md)',
        ),
        fc.record({ kind: fc.constantFrom('page', 'anchor', 'file'), target: fc.nat(20) }),
      ),
      { maxLength: 4 },
    ),
  });

  it('keeps pages, order, titles, settings, bodies and files', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(flatPage, { minLength: 1, maxLength: 12 }),
        fc.array(fc.constantFrom('a.png', 'a.png', 'b c.png', 'A.PNG', '(1).pdf'), { maxLength: 3 }),
        async (flat, fileNames) => {
          const generatedFiles = fileNames.map((name, index) => ({
            id: `file${index}`,
            name,
            bytes: new TextEncoder().encode(`bytes of ${index}`),
          }));
          const pages = treeOf(flat, generatedFiles.length);
          await expectRoundTrip(pages, generatedFiles);
        },
      ),
      { numRuns: 40 },
    );
  });
});

type FlatPage = {
  depth: number;
  title: string;
  slug: string;
  description: string | undefined;
  icon: string | undefined;
  emoji: string | undefined;
  hidden: boolean;
  fragments: (string | { kind: 'page' | 'anchor' | 'file'; target: number })[];
};

/** Pages in order, each at most one level deeper than the one before. */
function treeOf(flat: readonly FlatPage[], fileCount: number): ExportedPage[] {
  const top: ExportedPage[] = [];
  const open: ExportedPage[] = [];
  for (const [index, item] of flat.entries()) {
    const markdown = item.fragments
      .map((fragment) => {
        if (typeof fragment === 'string') return fragment;
        if (fragment.kind === 'file')
          return fileCount === 0 ? 'no file' : `![image](/files/file${fragment.target % fileCount})`;
        const anchor = fragment.kind === 'anchor' ? '#a-heading' : '';
        return `[to a page](/pages/page${fragment.target % flat.length}${anchor})`;
      })
      .join('\n\n');
    const page: ExportedPage = {
      id: `page${index}`,
      title: item.title,
      slug: item.slug,
      markdown: markdown === '' ? '' : normalizeMarkdown(markdown),
      hidden: item.hidden,
      children: [],
      ...(item.description ? { description: item.description } : {}),
      ...(item.icon ? { icon: item.icon } : {}),
      ...(item.emoji ? { emoji: item.emoji } : {}),
    };
    const depth = Math.min(item.depth, open.length);
    open.length = depth;
    (depth === 0 ? top : (open[depth - 1] as ExportedPage).children).push(page);
    open.push(page);
  }
  return top;
}

/** Writes, reads back, and compares with what was written (links mapped back to ids). */
async function expectRoundTrip(
  pages: readonly ExportedPage[],
  exportedFiles: readonly ExportedFile[],
  structure?: GitbookConfig['structure'],
) {
  const written = withBytes(writeRepository(pages, exportedFiles, structure));
  if (structure)
    written.push({
      path: '.gitbook.yaml',
      bytes: new TextEncoder().encode(
        `structure:\n  readme: ${structure.readme}\n  summary: ${structure.summary}\n`,
      ),
    });
  const tree = written.map((file) => ({ ...file, oid: blobOid(file.bytes) }));
  const content = withLinksResolved(await readRepository(tree, await importedFiles(), LIMITS));

  const expected = flatten([...pages]);
  const read = flatten(content.pages);
  expect(read.map((page) => page.title)).toEqual(expected.map((page) => page.title));
  const idOfRef = new Map(read.map((page, index) => [page.ref, expected[index]?.id]));
  const nameOfId = assetNamesOf(exportedFiles);
  const idOfAsset = new Map([...nameOfId].map(([id, name]) => [`.gitbook/assets/${name}`, id]));
  const idOfFileRef = new Map(content.files.map((file) => [file.ref, idOfAsset.get(file.git.path)]));
  const storedForm = (markdown: string) =>
    rewriteLinks(markdown, (url) => {
      const page = /^quire-import:page\/([^#]+)(#.*)?$/.exec(url);
      if (page) return `/pages/${idOfRef.get(page[1] as string)}${page[2] ?? ''}`;
      const file = /^quire-import:file\/(.+)$/.exec(url);
      return file ? `/files/${idOfFileRef.get(file[1] as string)}` : undefined;
    });
  const shape = (page: ExportedPage) => ({
    children: page.children.length,
    description: page.description,
    icon: page.icon,
    emoji: page.emoji,
    hidden: page.hidden,
    markdown: page.markdown === '' ? '' : normalizeMarkdown(page.markdown),
  });
  expect(
    read.map((page) =>
      shape({
        ...page,
        id: page.ref,
        slug: '',
        markdown: storedForm(page.markdown),
        children: page.children as never,
      }),
    ),
  ).toEqual(expected.map(shape));
  expect(read.every((page) => page.git !== null)).toBe(true);
  const bytesById = new Map(exportedFiles.map((file) => [file.id, blobOid(file.bytes)]));
  expect(content.files.map((file) => [idOfAsset.get(file.git.path), file.git.oid]).sort()).toEqual(
    [...bytesById].sort(),
  );
}
