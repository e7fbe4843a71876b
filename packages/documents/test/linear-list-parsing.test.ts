/**
 * Long lists read in linear time (issue 27, bad input). micromark's document tokenizer closes
 * a list item's flow when the next sibling item starts, and moved the containers' exits with
 * an edit map that rebuilt the whole list of the document's events each time: quadratic in a
 * list whose items hold lists or quotes (64 KB of `- a\n  - b\n` took 17.7 s of CPU, 16 KB
 * 1.1 s). `patches/micromark@4.0.3.patch` moves the exits in place (the same events: the 806
 * markdown files of four real repositories and the generated blocks parse to identical trees,
 * positions included).
 *
 * Measured by operations, not time: the array elements `Array#slice` copies and `Array#splice`
 * moves while a page is read, for a page and one four times as long (8 KB and 32 KB, or 4 KB and 16 KB: the edit map's
 * quadratic term already dominates there, 1.1 s of CPU at 16 KB).
 * Linear work grows x4; the edit map made it x16. Our own inputs.
 */

import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../src/markdown-processor';

/** Elements copied by `Array#slice` and moved by `Array#splice` while `read` runs. */
function copiedElements(read: () => void): number {
  const { slice, splice } = Array.prototype;
  let copied = 0;
  Array.prototype.slice = function (this: unknown[], ...args: unknown[]) {
    const part = (slice as (...args: unknown[]) => unknown[]).apply(this, args);
    copied += part.length;
    return part;
  } as typeof slice;
  Array.prototype.splice = function (this: unknown[], start: number, ...rest: unknown[]) {
    copied += Math.max(0, this.length - (start < 0 ? this.length + start : start));
    return (splice as (...args: unknown[]) => unknown[]).call(this, start, ...rest);
  } as typeof splice;
  try {
    read();
  } finally {
    Array.prototype.slice = slice;
    Array.prototype.splice = splice;
  }
  return copied;
}

const pageOf = (lines: string, bytes: number) => lines.repeat(Math.floor(bytes / lines.length));

describe('reading a long list', () => {
  it.each([
    ['items holding a list, 8 KB and 32 KB', '- a\n  - b\n', 8],
    ['a list in a quote, its items holding lists, 4 KB and 16 KB', '> a\n> - b\n>   - c\n', 4],
    ['numbered items holding a quote, 4 KB and 16 KB', '1. a\n   > b\n', 4],
  ])(
    'copies linearly many array elements: %s',
    (_, lines, kilobytes) => {
      const small = copiedElements(() => parseMarkdown(pageOf(lines, kilobytes * 1024)));
      const large = copiedElements(() => parseMarkdown(pageOf(lines, 4 * kilobytes * 1024)));
      // x4 for linear work (4.00 measured), x16 for the edit map's rebuilds (15.3-15.6); a margin for constant terms.
      expect(large / Math.max(small, 1)).toBeLessThan(5.2);
    },
    60_000,
  );
});
