/**
 * Paging over a list already filtered in memory (by what the caller may view): items in id
 * order, the cursor being the last id returned, so pages stay stable while items are added.
 */
import type { PageRequest, Slice } from '../paging/paging';

export function pageInMemory<T extends { id: string }>(
  sortedById: readonly T[],
  page: PageRequest,
): Slice<T> {
  const afterId = page.after?.id;
  const rest = afterId === undefined ? sortedById : sortedById.filter((item) => item.id > afterId);
  const items = rest.slice(0, page.limit);
  const cursors = items.map((item) => ({ id: item.id, values: [] }));
  const slice: Slice<T> = { items, cursors };
  const last = cursors[cursors.length - 1];
  if (rest.length > page.limit && last) slice.next = last;
  return slice;
}
