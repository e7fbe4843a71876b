/**
 * Code spans (`` `code` ``) and `$$` math, as micromark-core-commonmark's `code-text.js` and
 * micromark-extension-math's `math-text.js` read them: an opening run, then the next run of
 * exactly as many markers; one space or line ending is stripped each side when both sides
 * have one and something else is inside.
 *
 * Where one closes: the next run of exactly as many markers.
 * micromark reads on from each opening run to the content's end when no such run comes,
 * which is quadratic in a paragraph of unclosed runs; here the content's maximal runs are
 * listed once, by length, and each length's list is walked forward only (openers are met in
 * source order).
 */
export class ClosingRuns {
  private readonly byLength = new Map<number, number[]>();
  private readonly cursor = new Map<number, number>();

  constructor(text: string, marker: number) {
    const char = String.fromCharCode(marker);
    let index = text.indexOf(char);
    while (index !== -1) {
      let end = index + 1;
      while (text.charCodeAt(end) === marker) end++;
      const size = end - index;
      let list = this.byLength.get(size);
      if (list === undefined) {
        list = [];
        this.byLength.set(size, list);
      }
      list.push(index);
      index = text.indexOf(char, end);
    }
  }

  /** The start of the first maximal run of `size` markers at or after `from`, or -1. */
  find(size: number, from: number): number {
    const list = this.byLength.get(size);
    if (list === undefined) return -1;
    let position = this.cursor.get(size) ?? 0;
    while (position < list.length && list[position]! < from) position++;
    this.cursor.set(size, position);
    return position < list.length ? list[position]! : -1;
  }
}

/**
 * The value's range once micromark's padding (one space or line ending each side) is off.
 * `isPad`: whether a space is a line's pad (`InlineInput`'s split tab), which micromark reads
 * as virtual spaces, data rather than a space.
 */
export function unpaddedRange(
  text: string,
  from: number,
  to: number,
  isPad: (index: number) => boolean = () => false,
): [start: number, end: number] {
  const isSpace = (index: number) => {
    const code = text.charCodeAt(index);
    return code === 10 || (code === 32 && !isPad(index));
  };
  if (to - from > 2 && isSpace(from) && isSpace(to - 1)) {
    for (let index = from + 1; index < to - 1; index++) if (!isSpace(index)) return [from + 1, to - 1];
  }
  return [from, to];
}
