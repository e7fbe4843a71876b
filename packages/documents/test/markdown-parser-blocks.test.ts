/**
 * The block structure of `parseMarkdownFast` (`src/markdown-parser/`) against
 * `micromarkSyntaxTree`'s: every node compared field for field and position for position,
 * except the children of nodes holding phrasing content (paragraphs, headings, table cells),
 * which the inline parser gives. Over the CommonMark spec's examples (with a ratchet: the
 * examples not yet identical are listed, and the test fails when one of them starts to
 * match, or another stops), GitBook's blocks (the bench's samples), hand-written edge cases,
 * generated documents, and adversarial inputs that must parse in linear time.
 */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import type { List, ListItem, Nodes, Root, Table } from 'mdast';
import { describe, expect, it } from 'vitest';
import { GITBOOK_BLOCKS, pageBody } from '../../../apps/server/bench/gitbook-format-repository';
import { parseMarkdownFast } from '../src/markdown-parser';
import { micromarkSyntaxTree } from '../src/micromark-reference';

const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell']);

/** A plain copy of `node` without the children of phrasing parents. */
function blockStructure(node: Nodes | Root): unknown {
  const copy: Record<string, unknown> = JSON.parse(JSON.stringify({ ...node, children: undefined }));
  if ('children' in node && !PHRASING_PARENTS.has(node.type))
    copy.children = (node.children as Nodes[]).map(blockStructure);
  return copy;
}

function sameBlocks(markdown: string): boolean {
  return (
    JSON.stringify(blockStructure(parseMarkdownFast(markdown))) ===
    JSON.stringify(blockStructure(micromarkSyntaxTree(markdown)))
  );
}

function expectSameBlocks(markdown: string): void {
  expect(blockStructure(parseMarkdownFast(markdown))).toEqual(blockStructure(micromarkSyntaxTree(markdown)));
}

const specTests = createRequire(import.meta.url)('commonmark-spec').tests as Array<{
  markdown: string;
  number: number;
}>;

/** Spec examples whose block structure differs still (the ratchet). */
const KNOWN_DIFFERENT = new Set<number>([]);

describe('the CommonMark spec examples', () => {
  it('have the block structure of micromarkSyntaxTree, except the listed ones', () => {
    const different: number[] = [];
    for (const test of specTests)
      if (!sameBlocks(test.markdown.replaceAll('→', '\t'))) different.push(test.number);
    expect(different.filter((number) => !KNOWN_DIFFERENT.has(number))).toEqual([]);
    expect([...KNOWN_DIFFERENT].filter((number) => !different.includes(number))).toEqual([]);
  });
});

describe("GitBook's blocks", () => {
  it('a page holding every block', () => expectSameBlocks(pageBody(3, '../')));
  for (const [name, block] of Object.entries(GITBOOK_BLOCKS))
    it(name, () => {
      expectSameBlocks(block(7, ''));
      expectSameBlocks([0, 1, 2].map((n) => block(n, '../')).join('\n\n'));
    });
});

const EDGE_CASES: Record<string, string> = {
  'containers in containers': '> - a\n>   > b\n>   > c\n> - d\n\n1. x\n   - y\n     > z',
  'lazy lines': '> a\nb\n> c\n\n- d\ne\n\n> - f\ng',
  'a table in a list': '- item\n\n  | a | b |\n  | - | - |\n  | c | d |\n- next',
  'code in a block quote': '> ```js\n> const a = 1;\n> ```\n\n>     indented\n>     code',
  'CRLF line endings': '# Title\r\n\r\nPara\r\ngraph\r\n\r\n- a\r\n- b\r\n\r\n```\r\ncode\r\n```\r\n',
  tabs: '-\tfoo\n\n\tbar\n\n>\t\tcode\n\n*\t*\t*',
  'a table interrupting a paragraph': 'text\n| a | b |\n|:-|-:|\n| 1 | 2 |\nrow',
  'task items': '- [ ] todo\n- [x] done\n- [X]\n  later\n* [ ] \n* [x]',
  'footnote definitions': 'a[^1]\n\n[^1]: note\n    more\n\n    para\n\n[^b]: other',
  math: '$$ meta\nx = 1\n$$\n\n> $$\n> y\n\n$$\nunclosed',
  'front matter': '---\ntitle: a\n---\n\n# Heading',
  definitions: '[a]: /url "title"\n[b]:\n  <b c>\n  (t)\n\n[a]\n\n[c]: /x\n===',
  'a byte order mark': '\uFEFF# Title\n\ntext',
  'exits after a block quote prefix': '> - a\n>\n>\n> b\n\n> > c\n> - d\n\n>1. e\n> 2) f',
  'lists in footnote definitions': '[^n]: note\n    1. one\n    1. two\n    - three\n\n[^m]: -\n\n\t0. zero',
  'a lazy line after a table': '> | a |\n> | - |\n| b |\n| - |',
  'complete HTML on a lazy line': '+ plus\n<a href="x">\nmore',
  'an unclosed front matter fence (no containers after it)': '---\n> a\n- b\n\n# c',
  'an empty last line after an unclosed fence': '- ```\n  a\n  ',
  'complete HTML on the last lazy line': '+ plus\n<a href="x">',
  'an empty last line in a block quote': '>> a\n> ',
  'unclosed fences': '- ```\n  a\n\n- b\n\n> ```\n> c\n\nd\n\n```\ne\n',
};

describe('edge cases', () => {
  for (const [name, markdown] of Object.entries(EDGE_CASES)) it(name, () => expectSameBlocks(markdown));
});

/** Blocks a generated document is made of, each under a prefix (nothing, a container, spaces). */
const SNIPPETS = [
  'para',
  'two\nlines',
  'lazy\n  continued',
  '# heading #',
  '#',
  '####### seven',
  'setext\nover lines\n===',
  'setext\n---',
  '***',
  '- - -',
  '- item',
  '+ plus',
  '-\ttab',
  '-',
  '* [x] task',
  '1. one',
  '2) two',
  '10. ten',
  '> quote\nlazy',
  '> > deep',
  '```js meta\ncode\n```',
  '~~~\ncode\n~~~',
  '```\nunclosed',
  '    indented\n\n    more',
  '\tindented tab',
  '<div>\nhtml\n</div>',
  '<!-- comment',
  '<script>\nx\n</script>',
  '<a href="x">',
  '| a | b |\n| - | :-: |\n| 1 | 2 |',
  '| a \\| b |\n|---|\nrow',
  '[d]: /u "t"',
  '[e]:\n/x\n"y"',
  '[^n]: note\n\n    more',
  '$$\nmath\n$$',
  '$$$ meta\nm',
  '',
  '  ',
];

const PREFIXES = ['', '> ', '- ', '  ', '1. ', '>', '    ', '\t', '   ', '* '];

/** Documents made of snippets, for a property of the block parser. */
const generatedDocument = fc
  .array(
    fc.tuple(
      fc.constantFrom(...PREFIXES),
      fc.constantFrom(...SNIPPETS),
      fc.constantFrom('\n', '\n\n', '\r\n', '\n\n\n'),
    ),
    {
      maxLength: 8,
    },
  )
  .map((parts) =>
    parts
      .map(
        ([prefix, text, separator]) =>
          text
            .split('\n')
            .map((line) => prefix + line)
            .join('\n') + separator,
      )
      .join(''),
  );

describe('generated documents', () => {
  it('have the block structure of micromarkSyntaxTree', () => {
    fc.assert(
      fc.property(generatedDocument, (markdown) => sameBlocks(markdown)),
      // A fixed seed: the same documents on every run (a new failure is a change, not luck).
      { numRuns: 500, seed: 27 },
    );
  });
});

describe('what the block parser does with the inlines it is given', () => {
  it("hands a table cell to the cell's inline parser: a code span's escaped pipe is a pipe (mdast-util-gfm-table)", () => {
    const tree = parseMarkdownFast('| a |\n| - |\n| `x\\|y` |');
    const table = tree.children[0] as Table;
    expect(table.children[1]?.children[0]?.children[0]).toMatchObject({ type: 'inlineCode', value: 'x|y' });
  });

  it('leaves a task paragraph at its check when its head is not text (mdast-util-gfm-task-list-item)', () => {
    const markdown = '- [x] *a*';
    const emphasis = () => [{ type: 'emphasis' as const, children: [] }];
    const tree = parseMarkdownFast(markdown, { content: emphasis, tableCell: emphasis });
    const item = (tree.children[0] as List).children[0] as ListItem;
    expect(item.checked).toBe(true);
    expect(item.children[0]?.position?.start.offset).toBe(markdown.indexOf('['));
  });
});

describe('adversarial inputs', () => {
  const inputs: Record<string, string> = {
    brackets: '['.repeat(65_536),
    'star a': '*a'.repeat(32_768),
    'less than': '<'.repeat(65_536),
    // Nesting as deep as `markdownLimits` lets a line open (32 markers), on every line.
    'deep quotes': `${'> '.repeat(32)}a\n`.repeat(1000),
    'deep lists': Array.from({ length: 2000 }, (_, depth) => `${'  '.repeat(depth % 50)}- a`).join('\n'),
    pipes: `${'|'.repeat(30_000)}\n${'-|'.repeat(15_000)}`,
    'definition starts': '[a]: <'.repeat(10_000),
    definitions: '[a]: /u\n'.repeat(10_000),
    'table rows': `| a | b |\n| - | - |\n${'| c | d |\n'.repeat(5000)}`,
  };
  for (const [name, markdown] of Object.entries(inputs))
    it(`${name} parses`, () => {
      expect(parseMarkdownFast(markdown).type).toBe('root');
    });
});
