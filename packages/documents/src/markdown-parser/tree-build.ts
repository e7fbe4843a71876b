/**
 * What turning the block parser's tree into mdast needs throughout (`block-tree.ts`,
 * `list-tree.ts`): the source, the inline parser and its context, points for offsets.
 */
import type { Nodes, PhrasingContent } from 'mdast';
import type { Block } from './blocks';
import type { InlineContext, InlineInput, Point } from './inline-input';

export type InlineParser = (input: InlineInput, context: InlineContext) => PhrasingContent[];

/** The inline parsers: of a paragraph's or heading's content, and of a GFM table cell's. */
export interface InlineParsers {
  content: InlineParser;
  /** A cell's: a code span's `\|` is `|` there (mdast-util-gfm-table). */
  tableCell: InlineParser;
}

export interface Build {
  source: string;
  context: InlineContext;
  inlineParsers: InlineParsers;
  /** The node of a block (`block-tree.ts`'s), for the list items' children. */
  nodeOf: (block: Block) => Nodes;
}

export function position(build: Build, start: number, end: number): { start: Point; end: Point } {
  return { start: build.context.points.point(start), end: build.context.points.point(end) };
}

/**
 * The inline content of `lines`: the first from its first character, the others from where
 * their container's prefix ends (`rawStart`, after the columns of a tab it split, `rawPad`),
 * their own indentation included, which micromark keeps in code spans, math and HTML and the
 * inline parser drops from text (`inline-input.ts`).
 */
export function inlines(
  build: Build,
  lines: ReadonlyArray<{ start: number; end: number; rawStart?: number; rawPad?: number }>,
  kind: keyof InlineParsers = 'content',
  readBefore = 0,
): PhrasingContent[] {
  return build.inlineParsers[kind](
    {
      source: build.source,
      readBefore,
      lines: lines.map((line, index) =>
        index === 0 || line.rawStart === undefined
          ? ([line.start, line.end] as const)
          : ([line.rawStart, line.end, line.rawPad ?? 0] as const),
      ),
    },
    build.context,
  );
}

/** The end offset of the last of `children`, or -1. */
export function endOffset(children: Nodes[]): number {
  const last = children[children.length - 1];
  return last?.position?.end.offset ?? -1;
}
