/**
 * GFM table rows read on one line, as micromark-extension-gfm-table reads them: a row's cells
 * split at unescaped `|` (`\|` and `\\` do not split), the leading pipe belonging to the first
 * cell and a trailing pipe to the last; the head row's cell count (a row needs a pipe and
 * more than one token); the delimiter row (`:?-+:?` cells between pipes, a pipe or a colon
 * somewhere, as many cells as the head row) and its alignments.
 */
import { isSpaceOrTab } from './line-cursor';

export type Align = 'left' | 'right' | 'center' | null;

export interface TableCell {
  /** The cell in the source (its pipes included, see above), and its content, trimmed. */
  start: number;
  end: number;
  contentStart: number;
  contentEnd: number;
}

const PIPE = 124;
const BACKSLASH = 92;

/** The row's pipes (their offsets), escaped ones left out; `[start, end)` is trimmed of spaces. */
function pipesOf(source: string, start: number, end: number): number[] {
  const pipes: number[] = [];
  for (let index = start; index < end; index++) {
    const code = source.charCodeAt(index);
    if (code === BACKSLASH) {
      const next = source.charCodeAt(index + 1);
      if (index + 1 < end && (next === PIPE || next === BACKSLASH)) index++;
    } else if (code === PIPE) pipes.push(index);
  }
  return pipes;
}

function trimmedEnd(source: string, start: number, end: number): number {
  let index = end;
  while (index > start && isSpaceOrTab(source.charCodeAt(index - 1))) index--;
  return index;
}

/**
 * The cells of a row at `[start, end)` (`start` on its first non-space character, `end` the
 * line's end, trailing spaces included: the last cell keeps them).
 */
export function rowCells(source: string, start: number, end: number): TableCell[] {
  const contentEnd = trimmedEnd(source, start, end);
  const pipes = pipesOf(source, start, contentEnd);
  const cells: TableCell[] = [];
  let cellStart = start;
  const trailing = pipes.length > 0 && pipes[pipes.length - 1] === contentEnd - 1;
  for (let index = 0; index < pipes.length; index++) {
    const pipe = pipes[index] as number;
    if (pipe === start) continue;
    if (trailing && index === pipes.length - 1) continue;
    cells.push(cellOf(source, cellStart, pipe));
    cellStart = pipe;
  }
  cells.push(cellOf(source, cellStart, end, trailing ? contentEnd - 1 : contentEnd));
  return cells;
}

function cellOf(source: string, start: number, end: number, innerEnd = end): TableCell {
  let contentStart = source.charCodeAt(start) === PIPE ? start + 1 : start;
  // A lone `|` cell (leading and trailing at once) holds nothing.
  let contentEnd = Math.max(innerEnd, contentStart);
  while (contentStart < contentEnd && isSpaceOrTab(source.charCodeAt(contentStart))) contentStart++;
  contentEnd = trimmedEnd(source, contentStart, contentEnd);
  return { start, end, contentStart, contentEnd };
}

/**
 * The head row's cell count by micromark's rule (a pipe before the first cell or after the
 * last one makes no cell), or -1 when the line cannot be a head row (one token only).
 */
export function headRowSize(source: string, start: number, end: number): number {
  let tokens = 0;
  let size = 0;
  let seen = source.charCodeAt(start) !== PIPE;
  if (seen) tokens = 1;
  let index = start;
  while (index < end) {
    const code = source.charCodeAt(index);
    if (isSpaceOrTab(code)) {
      index++;
      continue;
    }
    tokens++;
    if (seen) {
      seen = false;
      size++;
    }
    if (code === PIPE) {
      seen = true;
      index++;
      continue;
    }
    // A data token: up to a space or an unescaped pipe.
    while (index < end) {
      const data = source.charCodeAt(index);
      if (data === PIPE || isSpaceOrTab(data)) break;
      index++;
      if (data === BACKSLASH && index < end) {
        const next = source.charCodeAt(index);
        if (next === BACKSLASH || next === PIPE) index++;
      }
    }
  }
  return tokens > 1 ? size : -1;
}

/** The alignments of a delimiter row at `[start, end)`, or undefined when it is not one. */
export function delimiterRow(source: string, start: number, end: number): Align[] | undefined {
  const aligns: Align[] = [];
  let seen = false;
  let index = start;
  const skipSpaces = () => {
    while (index < end && isSpaceOrTab(source.charCodeAt(index))) index++;
  };
  if (source.charCodeAt(index) === PIPE) {
    seen = true;
    index++;
    skipSpaces();
  }
  while (index < end) {
    let left = false;
    let right = false;
    if (source.charCodeAt(index) === 58 /* : */) {
      left = true;
      seen = true;
      index++;
    }
    if (source.charCodeAt(index) !== 45 || index >= end) return undefined;
    while (index < end && source.charCodeAt(index) === 45) index++;
    if (index < end && source.charCodeAt(index) === 58) {
      right = true;
      seen = true;
      index++;
    }
    aligns.push(left && right ? 'center' : left ? 'left' : right ? 'right' : null);
    skipSpaces();
    if (index >= end) break;
    if (source.charCodeAt(index) !== PIPE) return undefined;
    seen = true;
    index++;
    skipSpaces();
  }
  return seen && aligns.length > 0 ? aligns : undefined;
}
