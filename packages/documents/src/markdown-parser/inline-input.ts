import type { Node } from 'mdast';

/** A unist point (mdast's `Node['position']` ends). */
export type Point = NonNullable<Node['position']>['start'];

/**
 * What the block parser hands the inline parser (`markdown-parser/`, the tokenizer meant to
 * replace micromark, giving `markdownSyntaxTree`'s tree node for node at a fraction of the cost).
 */

/** One source's offsets as unist points: a line ending is `\n`, `\r` or `\r\n`; a tab is one column. */
export interface SourcePoints {
  point(offset: number): Point;
}

/** The points of `source`, found by a binary search over its line starts. */
export function sourcePoints(source: string): SourcePoints {
  const lineStarts = [0];
  for (let index = 0; index < source.length; index++) {
    const code = source.charCodeAt(index);
    if (code === 13 /* \r */) {
      if (source.charCodeAt(index + 1) === 10) index++;
      lineStarts.push(index + 1);
    } else if (code === 10 /* \n */) lineStarts.push(index + 1);
  }
  return {
    point(offset) {
      let low = 0;
      let high = lineStarts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((lineStarts[middle] as number) <= offset) low = middle;
        else high = middle - 1;
      }
      return { line: low + 1, column: offset - (lineStarts[low] as number) + 1, offset };
    },
  };
}

/** Inline content: a paragraph's, a heading's or a table cell's. */
export interface InlineInput {
  /** The whole markdown source. */
  source: string;
  /**
   * The content's lines in order, each `[start, end)` offsets into `source`: what is left of
   * the line once the block parser took its container markers and indentation (and the first
   * line's leading whitespace), the line ending excluded. A continuation line keeps its own
   * leading whitespace (what is past the containers' prefix): micromark keeps it in a code
   * span, `$$` math, raw HTML (past 3 columns), and the inline parser skips it in text. Between
   * two lines the content holds a line ending (`\n` in node values). `pad`: the columns of a
   * tab the containers' prefix consumed in part just before `start`, which micromark reads as
   * spaces (its virtual spaces) at `start`'s offset.
   */
  lines: ReadonlyArray<readonly [start: number, end: number, pad?: number]>;
  /**
   * How far (a text index) micromark read the content in an attempt that failed before its
   * first construct: GFM's task check at a list item's first `[` followed by a line ending.
   */
  readBefore?: number;
}

/** What the whole document tells the inline parser. */
export interface InlineContext {
  points: SourcePoints;
  /** Identifiers (`normalizedIdentifier`) of the document's link reference definitions. */
  definitions: ReadonlySet<string>;
  /** Identifiers of the document's footnote definitions. */
  footnoteDefinitions: ReadonlySet<string>;
}

/**
 * A label as mdast's `identifier`: whitespace runs as one space, trimmed, case-folded
 * (micromark's `normalizeIdentifier` then mdast-util-from-markdown's `toLowerCase`).
 */
export function normalizedIdentifier(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .replace(/^ | $/g, '')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase();
}
