/**
 * GFM footnote calls, `[^label]`, as micromark-extension-gfm-footnote's `gfmFootnoteCall`
 * reads them: no whitespace and no unescaped `[` in the label, 999 characters at most (an
 * escaped `[`, `\\` or `]` counts two). Whether the label is a footnote's is the caller's.
 */

/** The end of the call at `at` (a `[`), past its `]`, or -1. */
export function readFootnoteCall(text: string, at: number): number {
  if (text.charCodeAt(at + 1) !== 94 /* ^ */) return -1;
  let end = at + 2;
  let size = 0;
  for (;;) {
    const code = text.charCodeAt(end);
    if (size > 999 || Number.isNaN(code) || code === 91 || code === 32 || code === 9 || code === 10)
      return -1;
    if (code === 93) return end === at + 2 ? -1 : end + 1;
    size++;
    end++;
    if (code === 92) {
      const escaped = text.charCodeAt(end);
      if (escaped === 91 || escaped === 92 || escaped === 93) {
        size++;
        end++;
      }
    }
  }
}
