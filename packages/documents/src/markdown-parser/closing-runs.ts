/**
 * Where a code span (`` ` ``) or `$$` math closes: the next run of exactly as many markers.
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
