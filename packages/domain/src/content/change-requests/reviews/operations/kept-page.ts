/**
 * A keyset page of a short list held in memory, in descending id order (reviews: newest
 * first, ids being time-ordered): the reviews and requested reviewers of one change request,
 * bounded by their caps, so the whole list is read and filtered at once. Cursors are the ids,
 * as a repository's list ordered by id alone has them.
 */
import { invalidCursor, type Page, pageRequest, toPage } from '../../../../core/paging';

type PageInput = { page?: string | undefined; limit?: number | undefined };

export function keptPage<Row extends { id: string }, Item>(
  descending: readonly Row[],
  input: PageInput,
  present: (row: Row) => Item,
): Page<Item> {
  return toPage(keptSlice(descending, input), descending.length, present);
}

/** The rows of the page `input` asks for, with their cursors (what `keptPage` presents). */
export function keptSlice<Row extends { id: string }>(descending: readonly Row[], input: PageInput) {
  const request = pageRequest(input);
  if (request.after && request.after.values.length !== 0) throw invalidCursor();
  const afterId = request.after?.id;
  const rest = afterId === undefined ? descending : descending.filter((row) => row.id < afterId);
  const items = rest.slice(0, request.limit);
  const cursors = items.map((row) => ({ values: [], id: row.id }));
  const last = cursors[cursors.length - 1];
  return { items, cursors, ...(rest.length > request.limit && last ? { next: last } : {}) };
}
