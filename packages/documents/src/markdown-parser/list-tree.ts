/**
 * Lists as mdast-util-from-markdown builds them (`prepareList`): an item's `spread` when a
 * blank line separates two of its children (those of a footnote definition in it too), a
 * list's when one separates two items or lies before the list's exit; an item's end where its
 * last content ends, or, when the walk back from the next marker or the list's exit finds no
 * line ending (after a fence that took it, after a footnote definition's indent), there; task
 * list items (micromark-extension-gfm-task-list-item, mdast-util-gfm-task-list-item).
 */
import type { BlockContent, List, ListItem, Nodes, Paragraph } from 'mdast';
import type { Block, ContentLine } from './blocks';
import { isSpaceOrTab } from './line-cursor';
import { type Build, endOffset, inlines, position } from './tree-build';

/**
 * A list item's first paragraph opening with `[ ]` or `[x]` (micromark-extension-gfm-task-list-item):
 * whether checked, and where the text after the check starts (`line`, `after`). The value may
 * be the first line's ending, the `]` then the next line's first character (past its
 * containers' prefix, as micromark's text reads it).
 */
function taskCheck(
  source: string,
  item: Block,
): { checked: boolean; line: number; after: number } | undefined {
  const first = item.children[0];
  if (first === undefined || first.kind !== 'paragraph') return undefined;
  const lines = first.lines;
  const head = lines[0] as ContentLine;
  const at = head.start;
  if (source.charCodeAt(at) !== 91) return undefined;
  let checked = false;
  let line = 0;
  let close = at + 2;
  if (at + 1 >= head.end) {
    // `[` then the line ending: the `]` starts the next line.
    const next = lines[1];
    if (next === undefined || (next.rawPad ?? 0) > 0) return undefined;
    line = 1;
    close = next.rawStart ?? next.start;
  } else {
    const value = source.charCodeAt(at + 1);
    if (value === 120 || value === 88) checked = true;
    else if (!isSpaceOrTab(value)) return undefined;
  }
  const closeLine = lines[line] as ContentLine;
  if (close >= closeLine.end || source.charCodeAt(close) !== 93) return undefined;
  const after = close + 1;
  // After the check: a line ending, or whitespace then anything but the content's end.
  const last = line === lines.length - 1;
  if (after >= closeLine.end) return last ? undefined : { checked, line, after };
  if (!isSpaceOrTab(source.charCodeAt(after))) return undefined;
  let rest = after;
  while (rest < closeLine.end && isSpaceOrTab(source.charCodeAt(rest))) rest++;
  if (rest >= closeLine.end && last) return undefined;
  return { checked, line, after };
}

/**
 * Marks the paragraph micromark reads as `item`'s first content (`Block.firstContentOfItem`):
 * its first child, or the paragraph its first definitions were read from. (A setext
 * heading's text is not such content: no check is tried there.)
 */
function markFirstContent(item: Block): void {
  const children = item.children;
  let index = 0;
  while (children[index]?.kind === 'definition') index++;
  const paragraph = children[index];
  if (paragraph?.kind !== 'paragraph' || item.blankAfterMarker) return;
  if (index === 0) {
    paragraph.firstContentOfItem = paragraph.startsUnindented;
    return;
  }
  // The definitions read from the paragraph's start (it keeps its first line's offset): one
  // content with its rest.
  paragraph.firstContentOfItem = paragraph.start === (children[0] as Block).start;
}

function listItemOf(build: Build, item: Block, nextMarkerEnd: number | undefined): ListItem {
  const source = build.source;
  const task = taskCheck(source, item);
  if (task === undefined) markFirstContent(item);
  const children = item.children.map((child, index) => {
    if (index === 0 && task !== undefined) return taskParagraph(build, child, task.line, task.after);
    return build.nodeOf(child) as BlockContent;
  });
  let end = item.end;
  const last = item.children[item.children.length - 1];
  if (children.length > 0) {
    end = endOffset(children);
    // The walk back over line endings finds none: micromark ends the item where the next
    // item's marker (and its spaces) ends, or the last item where the list's exit is.
    if (last !== undefined && nextMarkerEnd !== undefined && endsTakingLineEnding(last)) end = nextMarkerEnd;
  }
  return {
    type: 'listItem',
    spread: blankBetween(children),
    checked: task === undefined ? null : task.checked,
    children,
    position: position(build, item.start, end),
  };
}

/**
 * A blank line between two children, or between two children of a footnote definition among
 * them (mdast-util-from-markdown counts the blank lines an item holds outside nested lists and
 * block quotes).
 */
function blankBetween(children: Nodes[]): boolean {
  for (let index = 0; index < children.length; index++) {
    const child = children[index] as Nodes;
    if (child.type === 'footnoteDefinition') {
      if (blankBetween(child.children)) return true;
      // An empty first line: its line ending is a blank one (in the definition: not when it
      // ends on that line, its exit moved before the line ending).
      const first = child.children[0]?.position;
      const position = child.position;
      if (position !== undefined && (first?.start.line ?? position.end.line) > position.start.line)
        return true;
      // Ending lines after its content (its exit after a later line's prefixes), it holds
      // blank lines whose line endings come before its exit: the item's too
      // (mdast-util-from-markdown's list walk does not count footnote definitions).
      const end = child.position?.end.line;
      const contentEnd =
        child.children[child.children.length - 1]?.position?.end.line ?? child.position?.start.line;
      if (end !== undefined && contentEnd !== undefined && end > contentEnd + 1) return true;
    }
    if (index === 0) continue;
    const previous = children[index - 1]?.position;
    const next = child.position;
    if (previous !== undefined && next !== undefined && next.start.line > previous.end.line + 1) return true;
  }
  return false;
}

/** Whether the block ends past its last line's ending (an unclosed fence closed by a container). */
function endsTakingLineEnding(block: Block): boolean {
  if (block.takesLineEnding) return true;
  const last = block.children[block.children.length - 1];
  return last !== undefined && block.kind !== 'table' && endsTakingLineEnding(last);
}

function taskParagraph(build: Build, paragraph: Block, line: number, after: number): Paragraph {
  const first = paragraph.lines[0] as ContentLine;
  const lines = paragraph.lines.slice(line);
  lines[0] = { start: after, end: (lines[0] as ContentLine).end, pad: 0 };
  const children = inlines(build, lines);
  const node: Paragraph = {
    type: 'paragraph',
    children,
    position: position(build, first.start, (lines[lines.length - 1] as ContentLine).end),
  };
  // mdast-util-gfm-task-list-item: the space after the check leaves the head text.
  const head = children[0];
  if (head !== undefined && head.type === 'text') {
    head.value = head.value.slice(1);
    if (head.value.length === 0) children.shift();
    else if (head.position !== undefined && node.position !== undefined) {
      head.position.start = {
        line: head.position.start.line,
        column: head.position.start.column + 1,
        offset: (head.position.start.offset ?? 0) + 1,
      };
      node.position.start = { ...head.position.start };
    } else if (node.position !== undefined) {
      // micromark's tree had the head's position then, before remark-gfm's transform split
      // literal URLs out of it (the inline parser has done so already, leaving none): the
      // head started at the space after the check, or at the line ending when only
      // whitespace follows the check (a line suffix, not text). One column on, on that
      // line even past its end, as the transform moves it.
      const source = build.source;
      const headEnd = (lines[0] as ContentLine).end;
      let headStart = after;
      while (
        headStart < headEnd &&
        (source.charCodeAt(headStart) === 32 || source.charCodeAt(headStart) === 9)
      )
        headStart++;
      const start = build.context.points.point(headStart === headEnd ? headStart : after);
      node.position.start = { line: start.line, column: start.column + 1, offset: (start.offset ?? 0) + 1 };
    }
  }
  return node;
}

/**
 * An item whose end mdast-util-from-markdown finds no line ending before (the walk back stops
 * at a footnote definition's indent): it ends at `end`, and a blank line it held before there
 * makes it spread.
 */
function endAtFootnoteIndent(build: Build, item: ListItem, end: number): void {
  if (item.position === undefined) return;
  const point = build.context.points.point(end);
  if (point.line - item.position.end.line >= 2) item.spread = true;
  item.position.end = point;
}

export function listOf(build: Build, list: Block): List {
  const items: ListItem[] = [];
  // Before an item whose marker follows a footnote definition's indent, the walk back from the
  // marker stops at once: the previous item ends where that marker (and its spaces) end.
  // (The walk passes block quotes' prefixes and items' indents: any footnote around stops it.)
  let around = list.parent;
  while (around !== null && around.kind !== 'footnoteDefinition') around = around.parent;
  const inFootnote = around !== null;
  list.children.forEach((item, index) => {
    const next = list.children[index + 1];
    const node = listItemOf(build, item, next?.markerEnd);
    if (inFootnote && next !== undefined) endAtFootnoteIndent(build, node, next.markerEnd);
    items.push(node);
  });
  // The walk back from the list's exit stops at a footnote definition's indent at once, or
  // finds no line ending after a fence that took it.
  const lastItem = items[items.length - 1];
  const lastBlock = list.children[list.children.length - 1];
  if (
    lastItem?.position !== undefined &&
    lastBlock !== undefined &&
    list.exitEnd > lastItem.position.end.offset!
  ) {
    const lastChild = lastBlock.children[lastBlock.children.length - 1];
    if (lastChild !== undefined && endsTakingLineEnding(lastChild))
      lastItem.position.end = build.context.points.point(list.exitEnd);
  }
  if (list.exitAfterFootnoteIndent && lastItem !== undefined)
    endAtFootnoteIndent(build, lastItem, list.exitEnd);
  else if (list.trailingBlankInFootnote && lastItem !== undefined && list.exitEnd < list.trailingBlankEnd)
    endAtFootnoteIndent(build, lastItem, list.trailingBlankEnd);
  let spread = false;
  for (let index = 1; index < items.length; index++) {
    const previous = items[index - 1]?.position;
    const next = items[index]?.position;
    if (previous !== undefined && next !== undefined && next.start.line > previous.end.line + 1)
      spread = true;
  }
  const last = items[items.length - 1];
  let end = last?.position?.end.offset ?? list.end;
  const lastEnd = end;
  end = Math.max(end, list.exitEnd, list.trailingBlankEnd);
  // An exit lines after the last item's end (see `BlockParser`): mdast-util-from-markdown reads
  // two line endings before it as a blank line between items.
  if (build.context.points.point(end).line - build.context.points.point(lastEnd).line >= 2) spread = true;
  return {
    type: 'list',
    ordered: list.ordered,
    start: list.listStart,
    spread,
    children: items,
    position: position(build, list.start, end),
  };
}
