import type { Nodes, Root } from 'mdast';

/**
 * Bounds on markdown, checked before and right after parsing. micromark's time grows much
 * faster than linearly with container nesting (`> > > ...` or `- - - ...` 4,000 levels deep,
 * 16 KB of text, did not finish in minutes), and the printer recurses per level (2,000 levels
 * overflow the stack), so a hostile body is refused before it costs anything.
 */
export const markdownLimits = {
  /** Characters in one markdown body. */
  maxLength: 2_000_000,
  /** Container markers (`>`, `-`, `*`, `+`, `1.`, `1)`) opening one line. */
  maxLineMarkers: 32,
  /** Columns of indentation before a line's content (nesting by indentation). */
  maxIndent: 256,
  /** A run of one delimiter (`*`, `_`, `~`, `[`, `]`): 20,000 `*` took micromark minutes. */
  maxDelimiterRun: 128,
  /** Nesting of mdast nodes (containers and inline marks alike) once parsed. */
  maxTreeDepth: 48,
  /**
   * Nesting of GitBook blocks (`{% tabs %}`, `{% hint %}`, `<details>`...) read from tags;
   * tags nested deeper stay text. With `maxTreeDepth`, bounds the tree the printer recurses on.
   */
  maxBlockNesting: 12,
} as const;

export class MarkdownTooComplexError extends Error {
  override name = 'MarkdownTooComplexError';
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

/** The container markers and the indentation that open one line (a character scan). */
function linePrefixOf(line: string): { markers: number; indent: number } {
  let markers = 0;
  let indent = 0;
  let index = 0;
  while (index < line.length) {
    const char = line[index]!;
    if (char === ' ') {
      indent += 1;
      index += 1;
    } else if (char === '\t') {
      indent += 4;
      index += 1;
    } else if (char === '>') {
      markers += 1;
      index += 1;
    } else if (
      (char === '-' || char === '*' || char === '+') &&
      (line[index + 1] === ' ' || line[index + 1] === '\t')
    ) {
      markers += 1;
      index += 1;
    } else if (isDigit(char)) {
      let end = index;
      while (isDigit(line[end]) && end - index < 9) end += 1;
      if ((line[end] === '.' || line[end] === ')') && (line[end + 1] === ' ' || line[end + 1] === '\t')) {
        markers += 1;
        index = end + 1;
      } else {
        break;
      }
    } else {
      break;
    }
  }
  return { markers, indent };
}

const delimiters = new Set(['*', '_', '~', '[', ']']);

function longestDelimiterRun(line: string): number {
  let longest = 0;
  let run = 0;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    run = delimiters.has(char) && char === line[index - 1] ? run + 1 : delimiters.has(char) ? 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/** Refuses markdown that is too long, or whose lines open too many containers or delimiters. */
export function checkMarkdownSource(markdown: string): void {
  if (markdown.length > markdownLimits.maxLength) {
    throw new MarkdownTooComplexError(`markdown longer than ${markdownLimits.maxLength} characters`);
  }
  let lineNumber = 0;
  for (const line of markdown.split('\n')) {
    lineNumber += 1;
    const { markers, indent } = linePrefixOf(line);
    if (markers > markdownLimits.maxLineMarkers) {
      throw new MarkdownTooComplexError(
        `markdown line ${lineNumber} opens more than ${markdownLimits.maxLineMarkers} quotes or lists`,
      );
    }
    if (longestDelimiterRun(line) > markdownLimits.maxDelimiterRun) {
      throw new MarkdownTooComplexError(
        `markdown line ${lineNumber} repeats one of * _ ~ [ ] more than ${markdownLimits.maxDelimiterRun} times in a row`,
      );
    }
    if (indent > markdownLimits.maxIndent) {
      throw new MarkdownTooComplexError(
        `markdown line ${lineNumber} is indented more than ${markdownLimits.maxIndent} columns`,
      );
    }
  }
}

/** Refuses a parsed tree nested deeper than the printer and the converters may recurse. */
export function checkTreeDepth(tree: Root): void {
  const stack: Array<{ node: Nodes; depth: number }> = [{ node: tree, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > markdownLimits.maxTreeDepth) {
      const line = node.position?.start.line;
      throw new MarkdownTooComplexError(
        `markdown nested deeper than ${markdownLimits.maxTreeDepth} levels` +
          (line === undefined ? '' : ` (line ${line})`),
      );
    }
    if ('children' in node) for (const child of node.children) stack.push({ node: child, depth: depth + 1 });
  }
}
