/**
 * What turning the block parser's tree into mdast needs throughout (`block-tree.ts`,
 * `list-tree.ts`): the source, the inline parser and its context, points for offsets.
 */
import type { Nodes, PhrasingContent } from 'mdast';
import type { Block } from './blocks';
import type { InlineContext, InlineInput, Point } from './inline-input';

export type InlineParser = (input: InlineInput, context: InlineContext) => PhrasingContent[];

export interface Build {
  source: string;
  context: InlineContext;
  parseInlines: InlineParser;
  /** The node of a block (`block-tree.ts`'s), for the list items' children. */
  nodeOf: (block: Block) => Nodes;
}

export function position(build: Build, start: number, end: number): { start: Point; end: Point } {
  return { start: build.context.points.point(start), end: build.context.points.point(end) };
}

export function inlines(
  build: Build,
  lines: ReadonlyArray<{ start: number; end: number }>,
): PhrasingContent[] {
  return build.parseInlines(
    { source: build.source, lines: lines.map((line) => [line.start, line.end] as const) },
    build.context,
  );
}

/** The end offset of the last of `children`, or -1. */
export function endOffset(children: Nodes[]): number {
  const last = children[children.length - 1];
  return last?.position?.end.offset ?? -1;
}
