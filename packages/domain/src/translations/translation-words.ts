/**
 * Counting the words a run translated (the `stats`): the words of the texts sent, tags and
 * character references left out, segmented by the source language's rules, so a language
 * written without spaces (Japanese, Chinese, Thai) counts its words too.
 */
const TAG = /<[^>]*>/g;
const CHARACTER_REFERENCE = /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi;

export function wordsIn(texts: readonly string[], language: string): number {
  const segmenter = new Intl.Segmenter(language, { granularity: 'word' });
  let words = 0;
  for (const text of texts) {
    const plain = text.replace(TAG, ' ').replace(CHARACTER_REFERENCE, ' ');
    for (const segment of segmenter.segment(plain)) if (segment.isWordLike) words++;
  }
  return words;
}
