/**
 * A stand-in for the inline parser (`inline-parser.ts`, written apart): a content's lines as
 * one text node (lines joined by `\n`, from the first line's start to the last line's end), so
 * that the block structure can be built and compared before the inlines are.
 */
import type { PhrasingContent } from 'mdast';
import type { InlineContext, InlineInput } from './inline-input';

export function parsePlainInlines(input: InlineInput, context: InlineContext): PhrasingContent[] {
  const first = input.lines[0];
  const last = input.lines[input.lines.length - 1];
  if (first === undefined || last === undefined) return [];
  const value = input.lines.map(([start, end]) => input.source.slice(start, end)).join('\n');
  if (value.length === 0) return [];
  return [
    {
      type: 'text',
      value,
      position: { start: context.points.point(first[0]), end: context.points.point(last[1]) },
    },
  ];
}
