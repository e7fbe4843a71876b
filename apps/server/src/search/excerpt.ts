/**
 * The excerpt of a section's text shown with a search result: about `EXCERPT_LENGTH`
 * characters around the first place one of the matched terms starts a word, cut on word
 * boundaries, on one line. Without such a place (the match was in a title), the text's start.
 */
export const EXCERPT_LENGTH = 160;

/** Characters kept before the match, so it reads in context. */
const LEAD = 40;

const WORD_CHAR = /[\p{L}\p{N}]/u;

export function excerptOf(text: string, terms: readonly string[]): string {
  const at = firstMatch(text, terms);
  let start = Math.max(0, at - LEAD);
  if (start > 0) {
    const space = text.slice(start, at).search(/\s/);
    start = space < 0 ? at : start + space + 1;
  }
  let end = Math.min(text.length, start + EXCERPT_LENGTH);
  if (end < text.length) {
    const cut = text.slice(at, end).search(/\s\S*$/);
    if (cut > 0) end = at + cut;
  }
  return text.slice(start, end).replace(/\s+/g, ' ').trim();
}

/** Where the first of `terms` starts a word in `text` (case-insensitive); 0 when none does. */
function firstMatch(text: string, terms: readonly string[]): number {
  const lower = text.toLowerCase();
  // Lowercasing changed some lengths (rare letters): positions would not line up.
  if (lower.length !== text.length) return 0;
  let best = -1;
  for (const term of terms) {
    let from = 0;
    for (;;) {
      const found = lower.indexOf(term, from);
      if (found < 0 || (best >= 0 && found >= best)) break;
      if (startsWordAt(lower, found)) {
        best = found;
        break;
      }
      from = found + 1;
    }
  }
  return Math.max(best, 0);
}

/** True when position `at` of `text` starts a word (nothing but a non-letter, non-digit before it). */
export function startsWordAt(text: string, at: number): boolean {
  return at === 0 || !WORD_CHAR.test(text[at - 1] ?? '');
}
