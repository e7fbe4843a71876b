/** A text with the words a query matched in `<mark>`: elements, never HTML from a string. */
import { highlightedSegments } from './highlight';

export function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightedSegments(text, query).map((segment, index) =>
        segment.matched ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text, in order
          <mark key={index}>{segment.text}</mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
