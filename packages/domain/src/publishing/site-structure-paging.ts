/**
 * Pages of a site's structure lists (sections, groups, site spaces), which keep the site's
 * own order rather than an order of ids. A cursor holds the id of the last item returned and
 * its index: the next page starts right after that item, or at its index when it was removed
 * meanwhile, so a page never repeats an item, whatever was added or removed before it.
 */
import { invalidCursor, type PageRequest, type Slice } from '../core/paging';

export function sliceInOrder<Item>(
  list: readonly Item[],
  idOf: (item: Item) => string,
  page: PageRequest,
): Slice<Item> {
  let start = 0;
  if (page.after) {
    const [index] = page.after.values;
    if (page.after.values.length !== 1 || typeof index !== 'number' || !Number.isInteger(index) || index < 0)
      throw invalidCursor();
    const afterId = page.after.id;
    const found = list.findIndex((item) => idOf(item) === afterId);
    start = found === -1 ? index : found + 1;
  }
  const rest = list.slice(start, start + page.limit + 1);
  const items = rest.slice(0, page.limit);
  const cursors = items.map((item, offset) => ({ values: [start + offset], id: idOf(item) }));
  const last = cursors.at(-1);
  return { items, cursors, ...(rest.length > page.limit && last ? { next: last } : {}) };
}
