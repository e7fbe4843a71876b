import { emojiCodeOfName } from '../gitbook-emoji';

/**
 * GitBook's emoji shortcodes, `:tada:`, as `gitbook-emoji.ts`'s micromark construct reads
 * them: a `:`, a known name (lowercase letters, digits, `_`, `+`, `-`, 40 characters at most),
 * a `:`.
 */

function isNameCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95 || code === 43 || code === 45
  );
}

/** The end of the shortcode at `at` (a `:`), past its closing `:`, or -1. */
export function readEmojiShortcode(text: string, at: number): number {
  let end = at + 1;
  while (isNameCode(text.charCodeAt(end)) && end - at <= 40) end++;
  if (end === at + 1 || text.charCodeAt(end) !== 58) return -1;
  return emojiCodeOfName(text.slice(at + 1, end)) === undefined ? -1 : end + 1;
}
