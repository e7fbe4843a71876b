/**
 * Builds the search index of a space's new revision as soon as the space moves to it
 * (`space.content` events), so the first search after an edit finds it ready; building it
 * reads (and on the first time derives and stores) the outlines of the new bodies, so the
 * link report finds them ready too. Best effort: a build that fails is logged, and the
 * search builds on demand anyway.
 *
 * One build per space at a time, of its newest revision: while one runs, later events of
 * the space only move the revision to build next, so a bulk write of 200 edits builds a few
 * indexes, not 200 ever larger ones.
 */
import { type ContentSearch, type DomainServices, searchDocumentsOfRevision } from '@quire/domain';
import type { EventBus } from '@quire/persistence';
import type { ServiceLog } from '../services';

/** Starts warming; the function returned stops it (a build under way finishes, no other starts). */
export function startSearchWarmup(
  services: Pick<DomainServices, 'repos' | 'contentSearch'> & { events: EventBus },
  log: ServiceLog,
): () => void {
  const search: ContentSearch = services.contentSearch;
  /** Per space, the newest revision not built yet. */
  const next = new Map<string, string>();
  const building = new Set<string>();
  let stopped = false;

  const drain = async (spaceId: string) => {
    building.add(spaceId);
    for (
      let revisionId = next.get(spaceId);
      revisionId !== undefined && !stopped;
      revisionId = next.get(spaceId)
    ) {
      next.delete(spaceId);
      await search
        .warm(revisionId, () => searchDocumentsOfRevision(services, spaceId, revisionId))
        .catch((error: unknown) =>
          log.warn({ err: error, spaceId, revisionId }, 'search index build failed'),
        );
    }
    building.delete(spaceId);
  };

  const unsubscribe = services.events.subscribe((event) => {
    if (event.type !== 'space.content') return;
    next.set(event.spaceId, event.revisionId);
    if (!building.has(event.spaceId)) void drain(event.spaceId);
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}
