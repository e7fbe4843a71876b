import type { InlineInput } from './inline-input';

/**
 * One inline content's text: its lines joined by `\n` (U+0000 as U+FFFD, as micromark reads
 * it; a line's `pad` as spaces before it), what the scanner reads, and the way back from an
 * index in that text to the source's offsets (a line ending's own characters, `\r\n`
 * included, are the source's; a line's pad is all at its start's offset).
 */
export class InlineContent {
  get source(): string {
    return this.input.source;
  }

  /** `InlineInput.readBefore`. */
  get readBefore(): number {
    return this.input.readBefore ?? 0;
  }

  /** The lines joined by `\n`. */
  readonly text: string;
  private readonly starts: number[] = [];
  private readonly pads: number[] = [];
  private readonly hasCarriageReturn: boolean;
  private cachedLine = 0;

  constructor(private readonly input: InlineInput) {
    let text = '';
    let carriageReturn = false;
    input.lines.forEach(([start, end, pad = 0], index) => {
      if (index > 0) text += '\n';
      this.starts.push(text.length);
      this.pads.push(pad);
      text += ' '.repeat(pad) + input.source.slice(start, end);
      if (input.source.charCodeAt(end) === 13) carriageReturn = true;
    });
    // micromark reads U+0000 as U+FFFD (its preprocessing), one character for one.
    this.text = text.indexOf('\0') === -1 ? text : text.replaceAll('\0', '\uFFFD');
    this.hasCarriageReturn = carriageReturn;
  }

  /** The line holding text index `index` (a line ending belongs to the line it ends). */
  lineOf(index: number): number {
    const starts = this.starts;
    let line = this.cachedLine;
    if (
      line < starts.length &&
      starts[line]! <= index &&
      (line + 1 >= starts.length || starts[line + 1]! > index)
    )
      return line;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    line = low;
    // The `\n` before a line's start belongs to the line before.
    this.cachedLine = line;
    return line;
  }

  /** Whether text index `index` is in its line's pad (a split tab's columns, as spaces). */
  isPad(index: number): boolean {
    const line = this.lineOf(index);
    const fromStart = index - this.starts[line]!;
    return fromStart >= 0 && fromStart < this.pads[line]!;
  }

  /** The source offset of text index `index` (a `\n` maps to its line ending's start). */
  offset(index: number): number {
    const line = this.lineOf(index);
    const [start] = this.input.lines[line]!;
    const fromStart = index - this.starts[line]!;
    if (fromStart < 0) {
      // The `\n` just before this line's start: the end of the line before.
      return this.input.lines[line - 1]![1];
    }
    const pad = this.pads[line]!;
    return pad === 0 ? start + fromStart : start + Math.max(0, fromStart - pad);
  }

  /** The source offsets of the line ending at text index `index` (a `\n`). */
  lineEnding(index: number): [start: number, end: number] {
    const line = this.lineOf(index + 1);
    const end = this.input.lines[line - 1]![1];
    const source = this.input.source;
    const size = source.charCodeAt(end) === 13 && source.charCodeAt(end + 1) === 10 ? 2 : 1;
    return [end, end + size];
  }

  /** The column (from 0, tabs to multiples of 4) of text index `index` in its source line. */
  columnOf(index: number): number {
    const offset = this.offset(index);
    const source = this.input.source;
    let start = offset;
    while (start > 0) {
      const code = source.charCodeAt(start - 1);
      if (code === 10 || code === 13) break;
      start--;
    }
    let column = 0;
    for (let at = start; at < offset; at++)
      column = source.charCodeAt(at) === 9 ? column + 4 - (column % 4) : column + 1;
    // In a line's pad: the split tab's columns before its end.
    const line = this.lineOf(index);
    const fromStart = index - this.starts[line]!;
    const pad = this.pads[line]!;
    return fromStart >= 0 && fromStart < pad ? column - (pad - fromStart) : column;
  }

  /** The text between two indices, line endings as the source wrote them. */
  slice(from: number, to: number): string {
    const value = this.text.slice(from, to);
    if (!this.hasCarriageReturn || value.indexOf('\n') === -1) return value;
    let result = '';
    let last = 0;
    for (let index = value.indexOf('\n'); index !== -1; index = value.indexOf('\n', index + 1)) {
      const [start, end] = this.lineEnding(from + index);
      result += value.slice(last, index) + this.input.source.slice(start, end);
      last = index + 1;
    }
    return result + value.slice(last);
  }
}
