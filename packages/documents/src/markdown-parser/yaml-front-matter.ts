/**
 * YAML front matter as micromark-extension-frontmatter reads it (remark-frontmatter's `yaml`):
 * at the very start of the source only, a `---` line (spaces and tabs may follow), the value's
 * lines, then a closing `---` line; without a closing fence there is none.
 */
import { isSpaceOrTab } from './line-cursor';

export interface FrontMatter {
  /** The value between the fences' lines, line endings inside it as written. */
  valueStart: number;
  valueEnd: number;
  /** The closing fence's end (its trailing spaces included) and its line. */
  end: number;
  lastLine: number;
  /** Where the rest of the source starts. */
  next: number;
}

function lineEndingLength(source: string, at: number): number {
  if (at >= source.length) return 0;
  return source.charCodeAt(at) === 13 && source.charCodeAt(at + 1) === 10 ? 2 : 1;
}

/** The end of a `---` fence line starting at `start` (before its line ending), or -1. */
function fenceEnd(source: string, start: number): number {
  if (!source.startsWith('---', start)) return -1;
  let index = start + 3;
  while (index < source.length && isSpaceOrTab(source.charCodeAt(index))) index++;
  if (index < source.length && source.charCodeAt(index) !== 10 && source.charCodeAt(index) !== 13) return -1;
  return index;
}

export function readFrontMatter(source: string): FrontMatter | undefined {
  const openEnd = fenceEnd(source, 0);
  if (openEnd === -1 || openEnd >= source.length) return undefined;
  const valueStart = openEnd + lineEndingLength(source, openEnd);
  let lineStart = valueStart;
  let line = 2;
  // The end of the previous line (the value's end once the closing fence is found).
  let previousEnd = valueStart;
  while (lineStart <= source.length) {
    const closeEnd = fenceEnd(source, lineStart);
    if (closeEnd !== -1)
      return {
        valueStart,
        valueEnd: lineStart === valueStart ? valueStart : previousEnd,
        end: closeEnd,
        lastLine: line,
        next: closeEnd + lineEndingLength(source, closeEnd),
      };
    let end = lineStart;
    while (end < source.length && source.charCodeAt(end) !== 10 && source.charCodeAt(end) !== 13) end++;
    if (end >= source.length) return undefined;
    previousEnd = end;
    lineStart = end + lineEndingLength(source, end);
    line++;
  }
  return undefined;
}

/**
 * An opening fence without a closing one: micromark reads the rest of the document as the
 * front matter's (flow that containers cannot enter) until the end, then as plain flow, so
 * no block quote, list or footnote definition starts anywhere after it.
 */
export function opensUnclosedFrontMatter(source: string): boolean {
  const openEnd = fenceEnd(source, 0);
  return openEnd !== -1 && openEnd < source.length && readFrontMatter(source) === undefined;
}
