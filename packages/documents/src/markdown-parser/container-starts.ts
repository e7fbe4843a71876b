/**
 * The starts of list items and GFM footnote definitions (`block-starts.ts` tries them): a
 * bullet (`-`, `+`, `*`) or an ordered marker (up to 9 digits, `.` or `)`) followed by a space,
 * a tab or the line's end, its content indent by CommonMark's rule (1 to 4 spaces, or 1 when
 * 5 or more or none follow); an item cannot interrupt a paragraph empty or numbered other than
 * 1. A footnote definition is `[^label]:` (no whitespace in the label), micromark-extension-
 * gfm-footnote's rule, its content indented 4 columns.
 */
import type { BlockParser } from './block-parser';
import { Block } from './blocks';
import { isSpaceOrTab } from './line-cursor';

export function listItem(
  parser: BlockParser,
  container: Block,
  at: number,
  code: number,
  interrupting: boolean,
): Block | undefined {
  const cursor = parser.cursor;
  const source = parser.source;
  const end = cursor.lineEnd;
  let markerEnd: number;
  let ordered = false;
  let start: number | null = null;
  let marker: number;
  if (code === 42 || code === 43 || code === 45) {
    markerEnd = at + 1;
    marker = code;
  } else if (code >= 48 && code <= 57) {
    let index = at;
    while (index < end && index - at < 10 && source.charCodeAt(index) >= 48 && source.charCodeAt(index) <= 57)
      index++;
    const delimiter = source.charCodeAt(index);
    if (index - at > 9 || index >= end || (delimiter !== 46 && delimiter !== 41)) return undefined;
    start = Number.parseInt(source.slice(at, index), 10);
    if (interrupting && start !== 1) return undefined;
    ordered = true;
    marker = delimiter;
    markerEnd = index + 1;
  } else return undefined;
  if (markerEnd < end && !isSpaceOrTab(source.charCodeAt(markerEnd))) return undefined;
  let rest = markerEnd;
  while (rest < end && isSpaceOrTab(source.charCodeAt(rest))) rest++;
  const blankItem = rest >= end;
  if (interrupting && blankItem) return undefined;
  const markerOffset = cursor.indent;
  cursor.advanceNextNonspace();
  cursor.advanceOffset(markerEnd - at, true);
  const spacesStartColumn = cursor.column;
  const spacesStartOffset = cursor.offset;
  do {
    cursor.advanceOffset(1, true);
  } while (cursor.column - spacesStartColumn < 5 && isSpaceOrTab(cursor.peek(cursor.offset)));
  const spacesAfterMarker = cursor.column - spacesStartColumn;
  let padding: number;
  if (spacesAfterMarker >= 5 || spacesAfterMarker < 1 || blankItem) {
    padding = markerEnd - at + 1;
    cursor.column = spacesStartColumn;
    cursor.offset = spacesStartOffset;
    cursor.partiallyConsumedTab = false;
    if (isSpaceOrTab(cursor.peek(cursor.offset))) cursor.advanceOffset(1, true);
  } else padding = markerEnd - at + spacesAfterMarker;
  parser.closeUnmatchedBlocks(
    true,
    container.kind === 'list' && container.ordered === ordered && container.marker === marker,
  );
  const tip = parser.tip;
  if (tip.kind !== 'list' || tip.ordered !== ordered || tip.marker !== marker) {
    const list = parser.addChild(new Block('list', null, at, cursor.lineNumber));
    list.ordered = ordered;
    list.marker = marker;
    list.listStart = start;
  }
  const item = parser.addChild(new Block('listItem', null, at, cursor.lineNumber));
  item.contentIndent = markerOffset + padding;
  item.startedBlank = blankItem;
  item.blankAfterMarker = blankItem && end > markerEnd;
  // (micromark's prefix takes a tab it splits whole.)
  const prefixEnd = cursor.partiallyConsumedTab ? cursor.offset + 1 : cursor.offset;
  item.markerEnd = blankItem ? markerEnd : prefixEnd;
  item.end = blankItem ? end : prefixEnd;
  return item;
}

export function footnoteDefinition(parser: BlockParser, at: number): Block | undefined {
  const cursor = parser.cursor;
  const source = parser.source;
  const end = cursor.lineEnd;
  let index = at + 2;
  let seen = false;
  for (;;) {
    if (index >= end || index - at - 2 > 999) return undefined;
    const code = source.charCodeAt(index);
    if (code === 93) break;
    if (code === 91 || isSpaceOrTab(code)) return undefined;
    seen = true;
    if (code === 92) {
      const next = source.charCodeAt(index + 1);
      if (index + 1 < end && (next === 91 || next === 92 || next === 93)) index++;
    }
    index++;
  }
  if (!seen || source.charCodeAt(index + 1) !== 58 || index + 1 >= end) return undefined;
  const labelEnd = index;
  cursor.advanceNextNonspace();
  cursor.advanceOffset(labelEnd + 2 - at, false);
  while (isSpaceOrTab(cursor.peek(cursor.offset))) cursor.advanceOffset(1, true);
  parser.closeUnmatchedBlocks(true);
  const block = parser.addChild(new Block('footnoteDefinition', null, at, cursor.lineNumber));
  block.labelStart = at + 2;
  block.labelEnd = labelEnd;
  block.end = cursor.offset;
  return block;
}
