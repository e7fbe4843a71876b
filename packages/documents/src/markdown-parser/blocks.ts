/**
 * The block parser's own tree (`block-parser.ts`): the blocks open and closed while the lines
 * are read, with the offsets of their content lines, before they become mdast nodes
 * (`block-tree.ts`). One class with the fields of every kind, so that every block has one shape.
 */
import type { LinkDefinition } from './link-definitions';

export type BlockKind =
  | 'document'
  | 'blockquote'
  | 'list'
  | 'listItem'
  | 'footnoteDefinition'
  | 'paragraph'
  | 'heading'
  | 'thematicBreak'
  | 'code'
  | 'html'
  | 'math'
  | 'table'
  | 'yaml'
  | 'definition';

/** One line of a leaf's content: `[start, end)` in the source, after `pad` spaces of a split tab. */
export interface ContentLine {
  start: number;
  end: number;
  /** Columns of a tab the container prefix consumed in part: spaces before the text (code). */
  pad: number;
  /** A paragraph line: where it starts before its leading whitespace (a definition's label keeps it). */
  rawStart?: number;
  /**
   * Columns left of a tab the containers' prefix consumed in part right before `rawStart`:
   * micromark reads them as spaces (its virtual spaces), all at `rawStart`'s offset.
   */
  rawPad?: number;
}

export class Block {
  children: Block[] = [];
  open = true;
  /** Source offset of the block's end; set as lines are added and when it closes. */
  end: number;
  /** The 1-based source line where the block ends (for the blank-line rules of lists). */
  endLine: number;
  lines: ContentLine[] = [];
  /** The line numbers of `lines` (a paragraph's lines may be lazy, each has its own line). */
  lineNumbers: number[] = [];

  // Lists and list items.
  ordered = false;
  /** The bullet (`-`, `+`, `*`) or the ordered delimiter (`.`, `)`) as a char code. */
  marker = 0;
  listStart: number | null = null;
  /** Columns before the content of an item's lines: the marker's indent, its width and the spaces. */
  contentIndent = 0;
  /** Offset just past the item's marker and the whitespace read with it (an empty item's end). */
  markerEnd = 0;
  /** An item whose first line held only its marker. */
  startedBlank = false;
  /**
   * That line held whitespace after the marker: micromark's flow starts with it (a line
   * prefix), so the item has no first content for GFM's task check.
   */
  blankAfterMarker = false;
  checked: boolean | null = null;

  /**
   * A paragraph micromark reads as a list item's first content, where GFM tries its task
   * check: the item's first child (after the definitions its content starts with), or what
   * follows an empty item on the next line in the same flow (a lazy line); not after a line
   * prefix in the flow (`startsUnindented`).
   */
  firstContentOfItem = false;

  /** A paragraph with no indentation of its own past its containers (a split tab's included). */
  get startsUnindented(): boolean {
    const head = this.lines[0];
    return (
      head !== undefined && (head.rawStart === undefined || (head.rawStart === head.start && !head.rawPad))
    );
  }

  // Headings.
  depth = 0;
  /** `[start, end)` of an ATX heading's text, trimmed. */
  textStart = 0;
  textEnd = 0;

  // Fenced code and math.
  fenced = false;
  fenceChar = 0;
  fenceLength = 0;
  /** Columns of indentation before the opening fence, taken off each content line. */
  fenceIndent = 0;
  infoStart = -1;
  infoEnd = -1;
  closed = false;
  /** Indented code started on a lazy line (see `BlockParser.continueBlock`). */
  startedLazy = false;
  /** Indented code: the last line with content or 4 columns of indentation. */
  lastFullLine = 0;

  // HTML blocks: the start condition (1 to 7).
  htmlKind = 0;

  // Footnote definitions: the label as written.
  labelStart = 0;
  labelEnd = 0;

  // Block quotes: the last blank line they continued, and how many in a row.
  blankLine = -1;
  blankRun = 0;
  blankEnd = -1;
  // Lists closed after blank lines of a block quote (see `BlockParser.finalize`).
  trailingBlankEnd = -1;
  trailingBlankLines = 0;
  /** That quote is in a footnote definition: the walk back from the exit stops at its indent. */
  trailingBlankInFootnote = false;

  /** Containers closed by a new container: where micromark exits them (see `closeUnmatchedBlocks`). */
  exitEnd = -1;
  /** `exitEnd` is past a footnote definition's indent: a list's last item ends there too. */
  exitAfterFootnoteIndent = false;

  // Tables.
  align: Array<'left' | 'right' | 'center' | null> = [];

  // Unclosed fences and HTML: the flow took the line ending after the last line.
  takesLineEnding = false;
  /** A paragraph after link definitions: where its first remaining line starts. */
  movedStart = -1;
  definition: LinkDefinition | undefined;

  constructor(
    readonly kind: BlockKind,
    public parent: Block | null,
    /** Source offset of the block's start. */
    readonly start: number,
    /** The 1-based source line of `start`. */
    readonly startLine: number,
  ) {
    this.end = start;
    this.endLine = startLine;
  }

  get lastChild(): Block | undefined {
    return this.children[this.children.length - 1];
  }
}
