/**
 * The block parser's place in the current line (`block-parser.ts`): the offset, the column
 * (a tab stops at the next multiple of 4, CommonMark's tab rule), and a tab that a container's
 * prefix consumed only in part. Each line is one `[lineStart, lineEnd)` range of the source,
 * its line ending excluded.
 */

export const TAB = 9;
export const SPACE = 32;

export function isSpaceOrTab(code: number): boolean {
  return code === SPACE || code === TAB;
}

export class LineCursor {
  source = '';
  lineStart = 0;
  lineEnd = 0;
  /** 1-based number of the current line. */
  lineNumber = 0;
  offset = 0;
  column = 0;
  /** The tab at `offset` was consumed in part: `column` is inside it. */
  partiallyConsumedTab = false;
  nextNonspace = 0;
  nextNonspaceColumn = 0;
  /** Columns between `column` and the next non-space character. */
  indent = 0;
  /** Only spaces and tabs from `offset` to the line's end. */
  blank = false;

  startLine(lineStart: number, lineEnd: number): void {
    this.lineStart = lineStart;
    this.lineEnd = lineEnd;
    this.lineNumber++;
    this.offset = lineStart;
    this.column = 0;
    this.partiallyConsumedTab = false;
  }

  get indented(): boolean {
    return this.indent >= 4;
  }

  /** The char code at `offset` (NaN past the line's end). */
  peek(offset: number): number {
    return offset < this.lineEnd ? this.source.charCodeAt(offset) : Number.NaN;
  }

  findNextNonspace(): void {
    let index = this.offset;
    let columns = this.column;
    while (index < this.lineEnd) {
      const code = this.source.charCodeAt(index);
      if (code === SPACE) {
        index++;
        columns++;
      } else if (code === TAB) {
        index++;
        columns += 4 - (columns % 4);
      } else break;
    }
    this.blank = index >= this.lineEnd;
    this.nextNonspace = index;
    this.nextNonspaceColumn = columns;
    this.indent = columns - this.column;
  }

  /** Moves `count` characters on, or `count` columns when `columns` (a tab may be split). */
  advanceOffset(count: number, columns: boolean): void {
    let left = count;
    while (left > 0 && this.offset < this.lineEnd) {
      if (this.source.charCodeAt(this.offset) === TAB) {
        const toTab = 4 - (this.column % 4);
        if (columns) {
          this.partiallyConsumedTab = toTab > left;
          const step = Math.min(toTab, left);
          this.column += step;
          if (!this.partiallyConsumedTab) this.offset++;
          left -= step;
        } else {
          this.partiallyConsumedTab = false;
          this.column += toTab;
          this.offset++;
          left--;
        }
      } else {
        this.partiallyConsumedTab = false;
        this.offset++;
        this.column++;
        left--;
      }
    }
  }

  advanceNextNonspace(): void {
    this.offset = this.nextNonspace;
    this.column = this.nextNonspaceColumn;
    this.partiallyConsumedTab = false;
  }

  /** Spaces still owed by a split tab at `offset` (0 when none). */
  tabRemainder(): number {
    return this.partiallyConsumedTab ? 4 - (this.column % 4) : 0;
  }
}
