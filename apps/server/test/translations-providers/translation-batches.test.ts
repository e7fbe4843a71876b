import { describe, expect, it } from 'vitest';
import { splitIntoBatches } from '../../src/translations/translation-batches';

const limits = { maxTexts: 3, maxCharacters: 10 };

describe('splitIntoBatches', () => {
  it.each([
    ['nothing', [], []],
    ['one batch', ['a', 'b'], [['a', 'b']]],
    ['by count', ['a', 'b', 'c', 'd'], [['a', 'b', 'c'], ['d']]],
    ['by characters', ['aaaa', 'bbbb', 'cccc'], [['aaaa', 'bbbb'], ['cccc']]],
    ['exactly the characters', ['aaaaa', 'bbbbb'], [['aaaaa', 'bbbbb']]],
    ['a text over the limit alone', ['a', 'x'.repeat(15), 'b'], [['a'], ['x'.repeat(15)], ['b']]],
  ])('%s', (_name, texts, expected) => {
    expect(splitIntoBatches(texts, limits)).toEqual(expected);
  });

  it('batches 500 pages of 20 blocks into calls of 50 blocks, in order', () => {
    const texts = Array.from({ length: 10_000 }, (_, index) => `Block ${index} of a page.`);
    const batches = splitIntoBatches(texts);
    expect(batches).toHaveLength(200);
    expect(batches.flat()).toEqual(texts);
  });
});
