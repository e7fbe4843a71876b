/**
 * A keyset page of a ranked list held in memory (search results). The cursor names the
 * position of the last item returned and its id: the next page starts right after that
 * item, found at its position, or by its id when the ranking moved meanwhile (the content
 * changed between two pages), or after the position when the item is gone.
 */
import { type Cursor, invalidCursor, type PageRequest, type Slice } from '../core/paging';

export function rankedSlice<T>(ranked: readonly T[], idOf: (item: T) => string, page: PageRequest): Slice<T> {
  const start = page.after === undefined ? 0 : startAfter(ranked, idOf, page.after);
  const rest = ranked.slice(start, start + page.limit + 1);
  const items = rest.slice(0, page.limit);
  const cursors = items.map((item, i) => ({ values: [start + i], id: idOf(item) }));
  const last = cursors[cursors.length - 1];
  return { items, cursors, ...(rest.length > page.limit && last ? { next: last } : {}) };
}

function startAfter<T>(ranked: readonly T[], idOf: (item: T) => string, after: Cursor): number {
  const [position] = after.values;
  if (
    after.values.length !== 1 ||
    typeof position !== 'number' ||
    !Number.isInteger(position) ||
    position < 0
  )
    throw invalidCursor();
  const at = ranked[position];
  if (at !== undefined && idOf(at) === after.id) return position + 1;
  const moved = ranked.findIndex((item) => idOf(item) === after.id);
  return moved >= 0 ? moved + 1 : position + 1;
}
