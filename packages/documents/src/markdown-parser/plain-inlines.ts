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
  // Spaces and tabs before a line ending or the end are not text (micromark's rule).
  const trimmedEnd = (start: number, end: number) => {
    let index = end;
    while (
      index > start &&
      (input.source.charCodeAt(index - 1) === 32 || input.source.charCodeAt(index - 1) === 9)
    )
      index--;
    return index;
  };
  const value = input.lines
    .map(([start, end]) => input.source.slice(start, trimmedEnd(start, end)))
    .join('\n');
  if (value.length === 0) return [];
  const start = input.lines.length > 1 && trimmedEnd(first[0], first[1]) === first[0] ? first[1] : first[0];
  return [
    {
      type: 'text',
      value,
      position: {
        start: context.points.point(start),
        end: context.points.point(trimmedEnd(last[0], last[1])),
      },
    },
  ];
}
