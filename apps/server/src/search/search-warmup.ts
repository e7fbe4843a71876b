/**
 * Builds the search index of a space's new revision as soon as the space moves to it
 * (`space.content` events), so the first search after an edit finds it ready. Best effort:
 * a build that fails is logged, and the search builds on demand anyway.
 */
import { type ContentSearch, type DomainServices, searchDocumentsOfRevision } from '@quire/domain';
import type { EventBus } from '@quire/persistence';
import type { ServiceLog } from '../app';

/** Starts warming; the function returned stops it. */
export function startSearchWarmup(
  services: Pick<DomainServices, 'repos' | 'contentSearch'> & { events: EventBus },
  log: ServiceLog,
): () => void {
  const search: ContentSearch = services.contentSearch;
  return services.events.subscribe((event) => {
    if (event.type !== 'space.content') return;
    const { spaceId, revisionId } = event;
    search
      .warm(revisionId, () => searchDocumentsOfRevision(services, spaceId, revisionId))
      .catch((error: unknown) => log.warn({ err: error, spaceId, revisionId }, 'search index build failed'));
  });
}
