/**
 * Paging over a list already filtered in memory (by what the caller may view), in one of two
 * orders: by id (creation order), or in sibling order (by order key, then id) for the
 * children of one parent. The cursor is the last item returned (its key and id), so pages
 * stay stable while items are added, moved or removed.
 */
import { type Cursor, invalidCursor, type PageRequest, type Slice } from '../../core/paging';

export type MemoryOrder = 'id' | 'position';

interface Pageable {
  id: string;
  position: string;
}

const cursorOf = (item: Pageable, order: MemoryOrder): Cursor => ({
  id: item.id,
  values: order === 'position' ? [item.position] : [],
});

/** Whether `item` comes after the cursor in `order`. */
function isAfter(item: Pageable, after: Cursor, order: MemoryOrder): boolean {
  if (order === 'id') return item.id > after.id;
  const position = after.values[0] as string;
  return item.position > position || (item.position === position && item.id > after.id);
}

/** A cursor of this list holds one string (the key) in sibling order, nothing in id order: else a 400. */
function checkCursor(after: Cursor, order: MemoryOrder): void {
  const expected = order === 'position' ? 1 : 0;
  if (after.values.length !== expected) throw invalidCursor();
  if (expected === 1 && typeof after.values[0] !== 'string') throw invalidCursor();
}

/** `sorted` must already be in `order`. */
export function pageInMemory<T extends Pageable>(
  sorted: readonly T[],
  page: PageRequest,
  order: MemoryOrder,
): Slice<T> {
  const after = page.after;
  if (after) checkCursor(after, order);
  const rest = after === undefined ? sorted : sorted.filter((item) => isAfter(item, after, order));
  const items = rest.slice(0, page.limit);
  const cursors = items.map((item) => cursorOf(item, order));
  const slice: Slice<T> = { items, cursors };
  const last = cursors[cursors.length - 1];
  if (rest.length > page.limit && last) slice.next = last;
  return slice;
}
