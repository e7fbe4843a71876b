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
import { describe, expect, it } from 'vitest';
import { markdownToDocument } from '../src/to-document';

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
