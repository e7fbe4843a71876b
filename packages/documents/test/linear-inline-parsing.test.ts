/**
 * A paragraph of many inline constructs reads in linear time (issue 27, bad input: a 64 KB
 * page of one footnote referenced 11,000 times took 1.5 s). micromark merged each run of a
 * paragraph's `data` events with an `Array#splice`, which moves the rest of the event list:
 * with GFM's literal autolinks splitting data at every word, every construct between words
 * left such a run, so the moves grew with the square of the paragraph (`patches/micromark`).
 *
 * Measured by operations, not time: the elements every `Array#splice` moves while a page is
 * read, for a page and for the same page twice as long. Linear work doubles (x2); the
 * quadratic resolver made it x4. Our own inputs.
 */

import remarkParse from 'remark-parse';
import { type Processor, unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { attentionExtension, attentionWork } from '../src/linear-attention';
import { parseMarkdown } from '../src/markdown-processor';
import { micromarkSyntaxTree } from '../src/micromark-reference';
import { markdownToDocument } from '../src/to-document';

/** The reader's tree; unchecked for depth (nested emphasis deeper than a document may be) by micromark alone. */
const parseMarkdownTree = (markdown: string) => parseMarkdown(markdown);
const deepReader = unified()
  .use(remarkParse)
  .use(function (this: Processor) {
    const data = this.data() as { micromarkExtensions?: unknown[] };
    data.micromarkExtensions = [...(data.micromarkExtensions ?? []), attentionExtension];
  });

/** Elements moved by `Array#splice` calls while `read` runs (each call moves what follows its start). */
function splicedElements(read: () => void): number {
  const splice = Array.prototype.splice;
  let moved = 0;
  Array.prototype.splice = function (this: unknown[], start: number, ...rest: unknown[]) {
    moved += Math.max(0, this.length - (start < 0 ? this.length + start : start));
    return (splice as (...args: unknown[]) => unknown[]).call(this, start, ...rest);
  } as typeof splice;
  try {
    read();
  } finally {
    Array.prototype.splice = splice;
  }
  return moved;
}

const pageOf = (unit: string, bytes: number) =>
  unit.repeat(Math.floor(bytes / unit.length)) + '\n\n[^1]: The note.\n';

describe('reading a paragraph of many inline constructs', () => {
  it.each([
    ['footnote references', 'a[^1] '],
    ['links', 'a [b](c) '],
    ['inline HTML', 'a <b> '],
    ['emoji and failed emoji', ':a:b:tada: '],
  ])('moves linearly many array elements: %s', (_, unit) => {
    const once = splicedElements(() => markdownToDocument(pageOf(unit, 3 * 1024)));
    const twice = splicedElements(() => markdownToDocument(pageOf(unit, 6 * 1024)));
    // x2 for linear work, x4 for the quadratic merge; a margin for constant terms.
    expect(twice / Math.max(once, 1)).toBeLessThan(2.6);
  });
});

/**
 * Emphasis (`linear-attention.ts`): micromark's resolver walked back over every event for each
 * closing run and spliced each pair, quadratic in a paragraph of pairs or of closers. Counted:
 * the resolver's steps and the elements `Array#splice` moves, for a page and one twice as long.
 * Read by micromark, the reference Quire's tokenizer is compared with (`micromark-reference.ts`:
 * the parity tests read generated text with it); the tokenizer's own emphasis is counted in
 * `markdown-parser-inlines.test.ts`.
 */
describe('reading a paragraph of many emphasis runs', () => {
  const repeated = (unit: string) => (bytes: number) => unit.repeat(Math.floor(bytes / unit.length));
  it.each([
    ['pairs', repeated('a *b* '), micromarkSyntaxTree],
    ['strong pairs and leftovers', repeated('a **b* c*** '), micromarkSyntaxTree],
    ['closers without openers', repeated('a* '), micromarkSyntaxTree],
    ['openers without closers', repeated('_a '), micromarkSyntaxTree],
    [
      'closers of the other marker than the openers',
      (bytes: number) => repeated('_a ')(bytes / 2) + repeated('b* ')(bytes / 2),
      micromarkSyntaxTree,
    ],
    [
      'closers the rule of 3 refuses',
      (bytes: number) => repeated('*a ')(bytes / 2) + repeated('b** ')(bytes / 2),
      (text: string) => deepReader.parse(text),
    ],
    [
      'nested runs',
      (bytes: number) => repeated('*a ')(bytes / 2) + repeated('b* ')(bytes / 2),
      (text: string) => deepReader.parse(text),
    ],
  ] as Array<[string, (bytes: number) => string, (text: string) => unknown]>)(
    'does linear work: %s',
    (_, page, read) => {
      const work = (bytes: number) => {
        const before = attentionWork.steps;
        const moved = splicedElements(() => read(page(bytes)));
        return { steps: attentionWork.steps - before, moved };
      };
      const once = work(3 * 1024);
      const twice = work(6 * 1024);
      expect(once.steps).toBeGreaterThan(1000);
      expect(twice.steps / once.steps).toBeLessThan(2.6);
      expect(twice.moved / Math.max(once.moved, 1)).toBeLessThan(2.6);
    },
  );

  it("gives micromark's emphasis for ordinary text", () => {
    const tree = parseMarkdownTree('a *b* __c__ ***d*** *e **f** g* h_i_j *k\n');
    const shape = (node: { type: string; value?: string; children?: unknown[] }): unknown =>
      node.children ? [node.type, ...node.children.map((child) => shape(child as never))] : node.value;
    expect(shape(tree.children[0] as never)).toEqual([
      'paragraph',
      'a ',
      ['emphasis', 'b'],
      ' ',
      ['strong', 'c'],
      ' ',
      ['emphasis', ['strong', 'd']],
      ' ',
      ['emphasis', 'e ', ['strong', 'f'], ' g'],
      ' h_i_j *k',
    ]);
  });
});
