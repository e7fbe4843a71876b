/**
 * Quire's tokenizer (`markdown-parser/`, what `markdownSyntaxTree` reads with) gives the tree
 * micromark gave (`micromark-reference.ts`), whole: every node, field, `data` and position,
 * blocks and inlines together. Over the CommonMark spec's 652 examples, GitBook's blocks as
 * the bench writes them, the package's corpus, and generated documents mixing containers,
 * leaves and inline syntax. (`markdown-parser-blocks.test.ts` and
 * `markdown-parser-inlines.test.ts` test each half on its own, with the cases that made it.)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GITBOOK_BLOCKS, pageBody } from '../../../apps/server/bench/gitbook-format-repository';
import { parseMarkdownFast } from '../src/markdown-parser';
import { micromarkSyntaxTree } from '../src/micromark-reference';

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

  it('for generated documents', () => {
    const inline = fc.constantFrom(
      'text',
      ' ',
      '*',
      '**',
      '_',
      '`',
      '~~',
      '[',
      ']',
      '](/u "t")',
      '![',
      '<b>',
      '</b>',
      '<https://a.test>',
      'www.x.com',
      'a@b.co',
      '&amp;',
      '&#35;',
      '\\*',
      '\\',
      ':smile:',
      '$$x$$',
      '[^1]',
      '{% hint %}',
      '{{ x }}',
      '|',
    );
    const line = fc.array(inline, { maxLength: 8 }).map((parts) => parts.join(''));
    const block = fc.oneof(
      line,
      line.map((text) => `# ${text}`),
      line.map((text) => `> ${text}`),
      line.map((text) => `- ${text}`),
      line.map((text) => `  - ${text}`),
      line.map((text) => `1. ${text}`),
      line.map((text) => `- [x] ${text}`),
      line.map((text) => `    ${text}`),
      line.map((text) => `| ${text} | b |\n| --- | :-: |\n| c | ${text} |`),
      line.map((text) => `\`\`\`js title\n${text}\n\`\`\``),
      line.map((text) => `$$\n${text}\n$$`),
      line.map((text) => `[^1]: ${text}`),
      line.map((text) => `[l]: /url "${text}"`),
      line.map((text) => `<div>\n${text}\n</div>`),
      fc.constantFrom('***', '---', '', '\t- tab', 'Setext\n===', '* * *'),
    );
    const document = fc
      .tuple(fc.array(block, { maxLength: 8 }), fc.constantFrom('\n', '\n\n', '\r\n'))
      .map(([blocks, separator]) => blocks.join(separator));
    fc.assert(
      fc.property(document, (markdown) => {
        expectSameTree(markdown);
      }),
      // A fixed seed: the same documents on every run (a new failure is a change, not luck); the
      // parser was fuzzed far longer with other seeds before (docs/performance.md).
      { numRuns: 500, seed: 3 },
    );
  });
});
