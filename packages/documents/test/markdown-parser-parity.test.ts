/**
 * Quire's tokenizer (`markdown-parser/`, what `markdownSyntaxTree` reads with) gives the tree
 * micromark gave (`micromark-reference.ts`), whole: every node, field, `data` and position,
 * blocks and inlines together. Over the CommonMark spec's 652 examples, GitBook's blocks as
 * the bench writes them, the package's corpus, and generated documents mixing containers,
 * leaves and inline syntax (`generated-markdown.ts`), with the counterexamples they found.
 * (`markdown-parser-blocks.test.ts` and `markdown-parser-inlines.test.ts` test each half on
 * its own, with the cases that made it.)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GITBOOK_BLOCKS, pageBody } from '../../../apps/server/bench/gitbook-format-repository';
import { parseMarkdownFast } from '../src/markdown-parser';
import { micromarkSyntaxTree } from '../src/micromark-reference';
import { generatedDocument } from './generated-markdown';

/** Plain data, as a store or an answer would hold it. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function expectSameTree(markdown: string): void {
  expect(plain(parseMarkdownFast(markdown))).toEqual(plain(micromarkSyntaxTree(markdown)));
}

const specTests = createRequire(import.meta.url)('commonmark-spec').tests as Array<{
  markdown: string;
  number: number;
}>;

describe('the whole tree, as micromark gave it', () => {
  it('for every CommonMark spec example', () => {
    const different = specTests
      .filter((test) => {
        const markdown = test.markdown.replaceAll('→', '\t');
        return !isDeepStrictEqual(plain(parseMarkdownFast(markdown)), plain(micromarkSyntaxTree(markdown)));
      })
      .map((test) => test.number);
    expect(different).toEqual([]);
  });

  it.each(Object.entries(GITBOOK_BLOCKS))("for GitBook's %s", (_name, block) => {
    expectSameTree([0, 1, 2].map((n) => block(n, '../')).join('\n\n'));
  });

  it('for a page of every block, and the corpus', () => {
    expectSameTree(pageBody(3, ''));
    expectSameTree(readFileSync(new URL('fixtures/corpus.md', import.meta.url), 'utf8'));
  });

  // Counterexamples the generated documents found (each once different), by the rule they broke.
  it.each([
    // micromark sets a continuation line's start when it first reads the line: a line ending
    // read again after a failed attempt went past it ends there, past the containers' prefix.
    ['a line ending after an unclosed code span', '- [x] `\n    a@b.co'],
    ['a line ending after an unclosed code span, in a block quote', '> `\n> <https://a.test>'],
    ['a line ending after unclosed math', '- a $$x\n  <b>'],
    ['a line ending after raw HTML that fails on the next line', '- a <a\n  <b>'],
    ['a line ending after an unclosed comment', '- a <!--\n  <b>'],
    ['a line ending after a resource that fails', '- [a](\n  <b>'],
    ['a line ending after a reference label that fails', '- [a][\n  <b>'],
    ['a hard break after an unclosed code span', '- `  \n  <b>'],
    ['an escaped hard break after an unclosed code span', '- `\\\n  <b>'],
    // A tab the containers' prefix splits: micromark's line starts after it, its columns left
    // as spaces (in code and HTML values).
    ['a split tab in a code span', '- `\n\t<b>`'],
    ['a split tab after an unclosed code span', '- `\n\t<b>'],
    ['a split tab in a block quote', '> `\n>\t<b>`'],
    ['a split tab before raw HTML', '- a\n\t<b\n\t\tc>'],
    ['a split tab in a code span is data, not padding', '>\t> text`\n>\t `x`'],
    ['a split tab in math is data, not padding', '>\t> text$$\n>\t $$x$$'],
    // Containers a new container closes exit where the line's prefixes end; the exit moves
    // back before the line ending (micromark-util-subtokenize) over list item indents only.
    ['a block quote closed by a new container after a split tab', '>\t> x\n>\t10) x'],
    ['a block quote with an unclosed fence closed in a list item', '- > ~~~\n  >\n  - x'],
    ['a list closed in a list item', '* 2) two\n   1. one\n'],
    ['a block quote closed in a list item', '- > a\n  - x'],
    ['a block quote closed in a list item in a block quote', '> - > a\n>   - x'],
    ['a list whose unclosed fence a new container closes', '* - ```\n  >'],
    [
      'a list whose unclosed fence a block quote closes, after a blank line',
      '* -\t> <a href="x">\n\n    ```js title\n  >\n    > ```',
    ],
    ['an item ending at the next marker, its prefix a split tab', '-\t-   ~~~\n\n    -\t    x'],
    // mdast-util-from-markdown's walk back from a list's exit stops at a footnote's indent.
    [
      'a list in a block quote in a footnote closed by a new container',
      '[^1]: > 1. x\n    > > $$\n    > >\n    > > $$',
    ],
    ['a list in a block quote in a footnote closed after a blank line', '[^1]: > 1. x\n    >\n    > y'],
    [
      'a list whose unclosed fence a new container closes after a blank line, in a footnote',
      '[^1]: > * ~~~\n    >\n>   b',
    ],
    ['a list in a block quote in a footnote closed after blank lines', '[^1]: > 1. x\n    >\n    >\n    > y'],
    ['an item in a block quote in a footnote ending at the next marker', '[^1]: > -   x\n        x\n    > -'],
    // A footnote definition's blank lines before its exit are its item's: the item is spread.
    [
      'a footnote definition in an item in a block quote, before a block quote',
      '> * [^1]: x\n>\n>   > [l]:\n>   >   /url\n>   >   ""',
    ],
    ['a footnote definition in an item in a block quote, after blank lines', '> 10) [^1]: x\n>\n>\n> ~~~\n>'],
    ['a footnote definition in an item in a block quote, after one blank line', '> - [^1]: x\n>\n>     y'],
    [
      'an empty footnote definition in an item in a block quote, before a blank line',
      '> - [^1]: \n>\n>     ***',
    ],
    // micromark's footnote continuation checks the last token for the indent: definitions
    // right inside one another all read the outermost's.
    ['three footnote definitions one inside the other', '[^1]: [^1]: [^1]: <div>\n\n    </div>'],
    // A paragraph's line indented 4 columns continues it without trying a table's start.
    [
      'no table from a head row indented 4 columns',
      '10) > <a href="x">\ntext\n    | x | b |\n| --- | :-: |\n    | c | x |',
    ],
    ['a definition whose label spans a split tab', ">\t[l\n>\tm]: <a b> '\n>\t'"],
    // factoryTitle leaves a continuation line's indentation out of a definition's title.
    ['a definition whose title spans lines', '[l]:\n /url\n "a\n  b"'],
    ['a definition in a list item whose title spans lines', '* ***\n  [l]:\n    /url\n    "\\"\n  10) "'],
    // GFM's task check, at a list item's first `[`, reads a line ending after it.
    ['a task check that fails past its line ending', '- [\n  <b>'],
    ['a task check whose `]` starts the next line', '- [\n  ] a'],
    ['a task check whose `]` starts a lazy line', '- [\n] a\n  b'],
    ['no task check in a setext heading', '- [\n  <b>\n  ---'],
    ['a task check in a lazy paragraph after an empty item', '> *\n> [\n>   <b>'],
    [
      "a task check after the definitions of an item's first content",
      '> > - [l]: /url ""\n> >   [\n> >   :smile:',
    ],
    ['no task check after an empty item with whitespace after its marker', '* \t\n  [\n  <https://a.test>'],
    ['no task check after a line prefix', '> x\n> x\n> > > x\n> > >\n> > *\n> > \t[\n> > $$x$$'],
    // A last line ending with its prefixes: the containers it does not continue exit at the
    // document's end, where a block quote's prefix keeps them.
    ['a block quote closed on a last line of prefixes', '> > x\n>'],
    ['block quotes closed on a last line of prefixes', '> > > x\n> >'],
    ['a block quote closed on a last line of prefixes and a space', '> > x\n>  '],
    ['a block quote in a footnote closed on a last line of indent', '[^1]: > x\n    '],
    // mdast-util-gfm-task-list-item moves the head text's start one column on; the head starts
    // at the line ending when only whitespace follows the check.
    ['a task whose head is split by a literal autolink', '- [x] \n[l]: /url "www.x.com"'],
  ])('for %s', (_name, markdown) => {
    expectSameTree(markdown);
  });

  it('for generated documents', () => {
    fc.assert(
      fc.property(generatedDocument(), (markdown) => {
        expectSameTree(markdown);
      }),
      // A fixed seed: the same documents on every run (a new failure is a change, not luck); the
      // parser was fuzzed far longer with other seeds before (docs/performance.md).
      { numRuns: 500, seed: 3 },
    );
  });
});
