/**
 * A space's line of revisions: from a revision back through each one's first parent (the
 * revision it was made from; for a merge, the space's head it merged into).
 */
import type { DomainServices } from '../../core/context';
import { invalidCursor, type PageRequest, type Slice } from '../../core/paging';
import type { RevisionRecord } from './records';

/** One page of the line that starts at `head`, newest first; a cursor names the last revision returned. */
export async function spaceLine(
  services: Pick<DomainServices, 'repos'>,
  spaceId: string,
  head: RevisionRecord,
  page: PageRequest,
): Promise<Slice<RevisionRecord>> {
  let next: RevisionRecord | null = head;
  if (page.after) {
    if (page.after.values.length !== 0) throw invalidCursor();
    const last = await services.repos.revisions.findById(spaceId, page.after.id);
    if (!last) throw invalidCursor();
    next = await parentOf(services, spaceId, last);
  }
  const items: RevisionRecord[] = [];
  while (next && items.length < page.limit) {
    items.push(next);
    next = await parentOf(services, spaceId, next);
  }
  const cursors = items.map((revision) => ({ values: [], id: revision.id }));
  const last = cursors[cursors.length - 1];
  return { items, cursors, ...(next && last ? { next: last } : {}) };
}

const parentOf = (services: Pick<DomainServices, 'repos'>, spaceId: string, revision: RevisionRecord) =>
  revision.parents[0] === undefined ? null : services.repos.revisions.findById(spaceId, revision.parents[0]);
