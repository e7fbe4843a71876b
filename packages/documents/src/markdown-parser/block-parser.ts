/**
 * The block structure of a markdown source, line by line in the commonmark.js manner: a stack
 * of open blocks, each line first continuing the open containers (`>`, a list item's indent, a
 * footnote definition's 4 columns), then starting new blocks (`block-starts.ts`), then going to
 * the open leaf, as a lazy paragraph line when containers did not all continue. Where
 * micromark places a block's end (the line ending an unclosed fence takes, a list item's
 * trailing blank lines) follows micromark, since the tree must match `markdownSyntaxTree`'s.
 */

import { continueBlock } from './block-continuations';
import { startBlock } from './block-starts';
import { Block } from './blocks';
import { htmlBlockEnds } from './html-block-starts';
import { LineCursor } from './line-cursor';
import { readLinkDefinitions } from './link-definitions';
import { opensUnclosedFrontMatter, readFrontMatter } from './yaml-front-matter';

export class BlockParser {
  readonly cursor = new LineCursor();
  readonly document: Block;
  tip: Block;
  oldTip: Block;
  lastMatchedContainer: Block;
  allClosed = true;
  /** Whether a line ending follows the current line (after the last: the source ends with one). */
  endsWithLineEnding = false;
  /** Set by a start that read the whole line (a heading, a fence, a table's delimiter row). */
  lineDone = false;
  /** No container starts in this document (`opensUnclosedFrontMatter`). */
  containersDisabled = false;
  /** The last line had nothing after its containers' prefixes: an unclosed fence ends before it. */
  emptyLastLine = false;
  /** The footnote definition whose 4 columns of indent this line's continuation took (or read as its own). */
  footnoteIndented: Block | undefined;
  /** Containers did not all continue and no new one started: micromark's lazy line. */
  lazyLine = false;
  /** The line of the last row of a table that a lazy line or a leaf closed. */
  lastTableRowLine = -10;
  /** Where containers a new container closes end (see `closeUnmatchedBlocks`), or -1. */
  newContainerExitEnd = -1;
  /** That end follows a footnote definition's indent (not a prefix the list walk skips). */
  exitAfterFootnoteIndent = false;
  /** A line read as lazy although its containers continued (after an empty item's end). */
  lazyNextLine = -1;
  /** The line would interrupt an open paragraph: list items on it follow the interruption rules. */
  interruptsParagraph = false;
  /** Where the line's content starts once the containers took their prefixes. */
  contentStart = 0;
  /** Columns of a tab at `contentStart` the prefixes took in part (`ContentLine.rawPad`). */
  contentPad = 0;

  /** Where micromark's position is once the prefixes are read: past a tab they split. */
  get contentPoint(): number {
    return this.contentPad > 0 ? this.contentStart + 1 : this.contentStart;
  }
  /** The current line is blank with less than an indented code's 4 columns. */
  shortBlankLine = false;

  constructor(readonly source: string) {
    this.cursor.source = source;
    this.document = new Block('document', null, 0, 1);
    this.tip = this.document;
    this.oldTip = this.document;
    this.lastMatchedContainer = this.document;
  }

  parse(): Block {
    const source = this.source;
    let lineStart = this.frontMatter();
    this.containersDisabled = opensUnclosedFrontMatter(source);
    const length = source.length;
    while (lineStart < length) {
      let lineEnd = lineStart;
      while (lineEnd < length) {
        const code = source.charCodeAt(lineEnd);
        if (code === 10 || code === 13) break;
        lineEnd++;
      }
      let next = lineEnd;
      if (next < length) next += source.charCodeAt(next) === 13 && source.charCodeAt(next + 1) === 10 ? 2 : 1;
      this.endsWithLineEnding = next > lineEnd;
      this.incorporateLine(lineStart, lineEnd);
      lineStart = next;
    }
    // The end of the document: every open block closes, an unclosed fence taking the last line ending.
    this.cursor.lineStart = length;
    // The end closes blocks as a line after the last would.
    this.cursor.lineNumber++;
    // At the end, a block quote does not continue on the empty line after the last line ending:
    // a fence inside one does not take that line ending.
    while (this.tip !== this.document) {
      // After an empty last line, the containers exit at its end, past their prefixes.
      if (this.emptyLastLine && isContainer(this.tip)) this.tip.exitEnd = length;
      this.finalize(this.tip, this.emptyLastLine || (this.endsWithLineEnding && !insideBlockQuote(this.tip)));
    }
    this.finalize(this.document, false);
    this.document.end = length;
    return this.document;
  }

  /** YAML front matter at the very start (`yaml-front-matter.ts`): returns where the rest starts. */
  private frontMatter(): number {
    const matter = readFrontMatter(this.source);
    if (matter === undefined) return 0;
    const yaml = new Block('yaml', this.document, 0, 1);
    yaml.end = matter.end;
    yaml.endLine = matter.lastLine;
    yaml.open = false;
    yaml.textStart = matter.valueStart;
    yaml.textEnd = matter.valueEnd;
    this.document.children.push(yaml);
    this.cursor.lineNumber = matter.lastLine;
    return matter.next;
  }

  /** Adds `block` under the deepest open block that can hold it, closing those that cannot. */
  addChild(block: Block): Block {
    while (!canContain(this.tip, block)) {
      if (isContainer(block) && isContainer(this.tip)) {
        this.tip.exitEnd = this.newContainerExitEnd;
        this.tip.exitAfterFootnoteIndent = this.exitAfterFootnoteIndent;
      }
      this.finalize(this.tip, isContainer(block));
    }
    block.parent = this.tip;
    this.tip.children.push(block);
    this.tip = block;
    return block;
  }

  /**
   * Closes the blocks this line did not continue. `siblingItem`: the new container is the
   * next item of the list that continued, which micromark's list reads as its own
   * continuation (its exits end with the previous line, no prefix of this one).
   */
  closeUnmatchedBlocks(byNewContainer: boolean, siblingItem = false): void {
    if (byNewContainer) {
      this.lazyLine = false;
      this.newContainerExitEnd = !siblingItem && this.prefixTokenOnLine() ? this.contentPoint : -1;
      // mdast-util-from-markdown's walk back from a list's exit passes block quotes' prefixes
      // and items' indents, not a footnote definition's indent.
      this.exitAfterFootnoteIndent =
        this.newContainerExitEnd !== -1 && this.prefixTokenOnLine('footnoteDefinition');
    }
    if (this.allClosed) return;
    // micromark exits the containers a new container closes where that line's prefixes end;
    // micromark-util-subtokenize then moves a container's exit back before the line endings
    // it follows, walking back over list items' indents only: it stays when a continued block
    // quote or footnote definition left its prefix on the line, or when the closed leaf took
    // its line ending (an unclosed fence).
    let exitEnd = byNewContainer ? this.newContainerExitEnd : this.blankLastLineExit();
    while (this.oldTip !== this.lastMatchedContainer) {
      const parent = this.oldTip.parent as Block;
      if (isContainer(this.oldTip)) {
        this.oldTip.exitEnd = exitEnd;
        this.oldTip.exitAfterFootnoteIndent = this.exitAfterFootnoteIndent;
      }
      this.finalize(this.oldTip, byNewContainer);
      if (byNewContainer && !siblingItem && this.oldTip.takesLineEnding && exitEnd === -1)
        exitEnd = this.contentPoint;
      this.oldTip = parent;
    }
    // (A list left open here closes when the new container is added: `addChild`.)
    if (byNewContainer) this.newContainerExitEnd = exitEnd;
    this.allClosed = true;
  }

  private incorporateLine(lineStart: number, lineEnd: number): void {
    const cursor = this.cursor;
    const source = this.source;
    cursor.startLine(lineStart, lineEnd);
    this.shortBlankLine = false;
    this.footnoteIndented = undefined;
    this.newContainerExitEnd = -1;
    this.exitAfterFootnoteIndent = false;
    let container: Block = this.document;
    this.oldTip = this.tip;
    let allMatched = true;
    // micromark's containers (not its leaves) all continued: a line otherwise is "lazy".
    let containersMatched = true;
    const tipBefore = this.tip;
    // Where the containers' prefixes end (a leaf's own indent is not theirs).
    let afterContainers = lineStart;
    for (;;) {
      const last = container.lastChild;
      if (last === undefined || !last.open) break;
      container = last;
      cursor.findNextNonspace();
      afterContainers = cursor.offset;
      const result = continueBlock(this, container);
      if (result === 0) continue;
      if (result === 2) return;
      const failed = container;
      container = container.parent as Block;
      allMatched = false;
      if (isContainer(failed)) containersMatched = false;
      break;
    }
    this.allClosed = container === this.oldTip;
    this.contentStart = cursor.offset;
    this.contentPad = cursor.tabRemainder();
    this.lastMatchedContainer = container;
    const leafTakesLine = container.kind === 'code' || container.kind === 'html' || container.kind === 'math';
    // micromark keeps a paragraph's interruption for every container the line opens.
    // (An open indented code is a construct in progress too, unlike a table.)
    this.interruptsParagraph =
      containersMatched &&
      tipBefore.open &&
      (tipBefore.kind === 'paragraph' ||
        (tipBefore.kind === 'code' && !tipBefore.fenced && !tipBefore.startedLazy));
    this.lazyLine = !containersMatched || this.lazyNextLine === cursor.lineNumber;
    // (Blank lines pass that on to the next line.)
    if (this.lazyNextLine === cursor.lineNumber) {
      cursor.findNextNonspace();
      if (cursor.blank) this.lazyNextLine++;
    }
    if (!leafTakesLine) {
      for (;;) {
        this.contentStart = cursor.offset;
        this.contentPad = cursor.tabRemainder();
        cursor.findNextNonspace();
        const started = startBlock(this, container, allMatched);
        if (started === undefined) {
          cursor.advanceNextNonspace();
          break;
        }
        container = started;
        if (!isContainer(started)) break;
      }
    }
    if (this.lineDone) {
      this.lineDone = false;
      return;
    }
    // The rest of the line.
    if (!this.allClosed && !cursor.blank && this.tip.kind === 'paragraph') {
      this.addParagraphLine(this.tip);
      return;
    }
    this.closeUnmatchedBlocks(false);
    const kind = container.kind;
    if (
      (kind === 'code' || kind === 'html' || kind === 'math') &&
      (kind !== 'code' || container.fenced) &&
      this.isLastLine() &&
      afterContainers >= lineEnd
    ) {
      // micromark's flow gets no chunk for it: an unclosed fence or HTML ends at its start.
      this.emptyLastLine = true;
    } else if (kind === 'code' || kind === 'math') {
      this.addCodeLine(container);
    } else if (kind === 'html') {
      this.addCodeLine(container);
      if (
        container.htmlKind >= 1 &&
        container.htmlKind <= 5 &&
        htmlBlockEnds(container.htmlKind, source, cursor.offset, lineEnd)
      ) {
        container.closed = true;
        this.finalize(container, false);
      }
    } else if (kind === 'table') {
      if (!cursor.blank) this.addTableRow(container);
    } else if (kind === 'paragraph' && container.open) {
      this.addParagraphLine(container);
    } else if (kind === 'heading' || kind === 'thematicBreak') {
      // Its line was read by its start.
    } else if (!cursor.blank) {
      const paragraph = this.addChild(new Block('paragraph', null, cursor.nextNonspace, cursor.lineNumber));
      this.addParagraphLine(paragraph);
      paragraph.firstContentOfItem = followsEmptyItem(paragraph);
    } else if (
      container.kind === 'blockquote' ||
      container.kind === 'listItem' ||
      container.kind === 'footnoteDefinition'
    ) {
      // A blank line inside a container: the container's own end, micromark's way.
      if (container.kind === 'blockquote') {
        container.end = lineEnd;
        container.endLine = cursor.lineNumber;
      }
    }
  }

  /**
   * A block quote or footnote definition (or only a footnote definition) continued on this
   * line: its prefix is a token.
   */
  private prefixTokenOnLine(only?: 'footnoteDefinition'): boolean {
    for (let block: Block | null = this.lastMatchedContainer; block !== null; block = block.parent)
      if (block.kind === 'footnoteDefinition' || (block.kind === 'blockquote' && only === undefined))
        return true;
    return false;
  }

  /**
   * On a last line that ends with the prefixes of the containers it continues, with no line
   * ending after it, micromark exits the others at the document's end (no flow chunk, so no
   * lazy line moving them); the exit stays there when a block quote's or footnote
   * definition's prefix on the line stops the walk back (see `closeUnmatchedBlocks`). Else -1.
   */
  private blankLastLineExit(): number {
    const cursor = this.cursor;
    return cursor.blank &&
      this.contentStart >= cursor.lineEnd &&
      this.isLastLine() &&
      this.prefixTokenOnLine()
      ? cursor.lineEnd
      : -1;
  }

  /** The current line is the source's last and no line ending follows it. */
  private isLastLine(): boolean {
    return !this.endsWithLineEnding && this.cursor.lineEnd === this.source.length;
  }

  addParagraphLine(paragraph: Block): void {
    const cursor = this.cursor;
    cursor.findNextNonspace();
    paragraph.lines.push({
      start: cursor.nextNonspace,
      end: cursor.lineEnd,
      pad: 0,
      // A tab split by the prefix: micromark's line starts after it, with its columns left.
      rawStart: this.contentPoint,
      rawPad: this.contentPad,
    });
    paragraph.lineNumbers.push(cursor.lineNumber);
    paragraph.end = cursor.lineEnd;
    paragraph.endLine = cursor.lineNumber;
  }

  private addCodeLine(block: Block): void {
    const cursor = this.cursor;
    let pad = 0;
    if (cursor.partiallyConsumedTab) {
      pad = cursor.tabRemainder();
      cursor.offset++;
    }
    block.lines.push({ start: cursor.offset, end: cursor.lineEnd, pad });
    block.lineNumbers.push(cursor.lineNumber);
    // Indented code ends at its last line holding content or 4 columns of indentation (micromark).
    if (!this.shortBlankLine) block.lastFullLine = block.lines.length - 1;
    this.shortBlankLine = false;
    block.end = cursor.lineEnd;
    block.endLine = cursor.lineNumber;
  }

  private addTableRow(table: Block): void {
    const cursor = this.cursor;
    const row = new Block('table', table, cursor.nextNonspace, cursor.lineNumber);
    row.open = false;
    row.lines.push({ start: cursor.nextNonspace, end: cursor.lineEnd, pad: 0 });
    row.end = cursor.lineEnd;
    table.children.push(row);
    table.end = cursor.lineEnd;
    table.endLine = cursor.lineNumber;
  }

  /**
   * Closes `block`. `takesLineEnding`: it closes at a new container or at the end of the
   * document, where micromark's flow had taken the line ending after an unclosed fence's
   * last line (a lazy line or a leaf does not let it).
   */
  finalize(block: Block, takesLineEnding: boolean): void {
    const parent = block.parent;
    block.open = false;
    const source = this.source;
    switch (block.kind) {
      case 'paragraph':
        this.readParagraphDefinitions(block);
        break;
      case 'table':
        // The flow that held it goes on past a lazy line (not past a new container's start).
        if (!takesLineEnding) this.lastTableRowLine = block.endLine;
        break;
      case 'list':
      case 'footnoteDefinition': {
        // micromark ends a list closed under blank lines of a block quote after those lines'
        // prefixes (the exits go after the last line's chunk): a quirk of its positions.
        let quote = block.parent;
        while (quote !== null && quote.kind !== 'blockquote') quote = quote.parent;
        if (quote !== null && quote.blankLine === this.cursor.lineNumber - 1) {
          block.trailingBlankEnd = quote.blankEnd;
          block.trailingBlankLines = quote.blankRun;
          let footnote = quote.parent;
          while (footnote !== null && footnote.kind !== 'footnoteDefinition') footnote = footnote.parent;
          block.trailingBlankInFootnote = footnote !== null;
        }
        break;
      }
      case 'code':
      case 'math':
      case 'html':
        if (block.kind === 'code' && !block.fenced) {
          // Indented code ends at its last line with content.
          const last = block.lastFullLine;
          block.lines.length = last + 1;
          block.lineNumbers.length = last + 1;
          block.end = (block.lines[last] as { end: number }).end;
          block.endLine = block.lineNumbers[last] as number;
        } else if (!block.closed && takesLineEnding && !(block.kind === 'html' && block.htmlKind > 5)) {
          const lastEnd =
            block.lines.length > 0 ? (block.lines[block.lines.length - 1] as { end: number }).end : block.end;
          const afterEnding =
            lastEnd < source.length
              ? lastEnd + (source.charCodeAt(lastEnd) === 13 && source.charCodeAt(lastEnd + 1) === 10 ? 2 : 1)
              : lastEnd;
          if (afterEnding > lastEnd || block.lines.length === 0) {
            block.takesLineEnding = afterEnding > lastEnd;
            block.end = afterEnding;
          }
        }
        break;
      default:
        break;
    }
    if (this.tip === block) this.tip = parent ?? this.document;
  }

  readParagraphDefinitions(paragraph: Block): void {
    const source = this.source;
    if (
      paragraph.lines.length === 0 ||
      source.charCodeAt((paragraph.lines[0] as { start: number }).start) !== 91
    )
      return;
    const { definitions, linesUsed } = readLinkDefinitions(
      source,
      paragraph.lines.map((line, index) =>
        index === 0 ? line : { start: line.rawStart ?? line.start, end: line.end, pad: line.rawPad ?? 0 },
      ),
    );
    if (definitions.length === 0) return;
    const parent = paragraph.parent as Block;
    const at = parent.children.indexOf(paragraph);
    const blocks = definitions.map((definition) => {
      const block = new Block('definition', parent, definition.start, 0);
      block.definition = definition;
      block.open = false;
      block.end = definition.end;
      return block;
    });
    paragraph.lines.splice(0, linesUsed);
    paragraph.lineNumbers.splice(0, linesUsed);
    if (paragraph.lines.length === 0) {
      parent.children.splice(at, 1, ...blocks);
      paragraph.open = false;
      if (this.tip === paragraph) this.tip = parent;
    } else {
      parent.children.splice(at, 0, ...blocks);
      paragraph.movedStart = (paragraph.lines[0] as { start: number }).start;
    }
  }
}

function insideBlockQuote(block: Block): boolean {
  for (let parent = block.parent; parent !== null; parent = parent.parent)
    if (parent.kind === 'blockquote') return true;
  return false;
}

export function isContainer(block: Block): boolean {
  const kind = block.kind;
  return (
    kind === 'document' ||
    kind === 'blockquote' ||
    kind === 'list' ||
    kind === 'listItem' ||
    kind === 'footnoteDefinition'
  );
}

function canContain(parent: Block, child: Block): boolean {
  switch (parent.kind) {
    case 'document':
    case 'blockquote':
    case 'listItem':
    case 'footnoteDefinition':
      return child.kind !== 'listItem';
    case 'list':
      return child.kind === 'listItem';
    default:
      return false;
  }
}

/**
 * A paragraph right after a list whose last item is empty, on the line after its marker: in
 * micromark's flow (not closed by a new container) it is the item's first content.
 */
function followsEmptyItem(paragraph: Block): boolean {
  const siblings = (paragraph.parent as Block).children;
  const list = siblings[siblings.length - 2];
  if (list?.kind !== 'list') return false;
  const item = list.children[list.children.length - 1];
  return (
    paragraph.startsUnindented &&
    item?.startedBlank === true &&
    !item.blankAfterMarker &&
    item.children.length === 0 &&
    item.startLine === paragraph.startLine - 1
  );
}
