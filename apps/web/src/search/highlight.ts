/**
 * The words of a text that a query matched, found in the browser from the query's terms (the
 * server sends plain excerpts): a word matches a term when it starts with it, whatever the
 * case and accents ("inst" marks "Install" and "installé"). Typo-tolerant matches the server
 * makes are not marked: only what the person typed.
 */

export interface TextSegment {
  text: string;
  matched: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Lowercase, without accents: what a term and a word are compared as. */
function foldedOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The query's terms, folded, longest first (the longest prefix is the one marked). */
export function queryTermsOf(query: string): string[] {
  const terms = new Set(Array.from(query.matchAll(WORD), (match) => foldedOf(match[0])));
  return [...terms].sort((a, b) => b.length - a.length);
}

/**
 * How many characters at the start of `word` match `term`: the folded prefix is mapped back
 * to the word's own characters (one accented letter may fold to one letter).
 */
function matchedLength(word: string, term: string): number {
  let folded = '';
  let length = 0;
  for (const character of word) {
    if (folded.length >= term.length) break;
    folded += foldedOf(character);
    length += character.length;
  }
  return folded.startsWith(term) ? length : 0;
}

/** `text` cut into segments, the matched prefixes of words marked. */
export function highlightedSegments(text: string, query: string): TextSegment[] {
  const terms = queryTermsOf(query);
  const segments: TextSegment[] = [];
  let plainFrom = 0;
  const pushPlain = (until: number) => {
    if (until > plainFrom) segments.push({ text: text.slice(plainFrom, until), matched: false });
  };
  if (terms.length > 0) {
    for (const match of text.matchAll(WORD)) {
      const word = match[0];
      const start = match.index;
      const length = terms.reduce((found, term) => found || matchedLength(word, term), 0);
      if (length === 0) continue;
      pushPlain(start);
      segments.push({ text: word.slice(0, length), matched: true });
      plainFrom = start + length;
    }
  }
  pushPlain(text.length);
  return segments;
}
