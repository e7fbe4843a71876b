/**
 * Derives and stores the documents of a space's new revision as soon as the space moves to it
 * (`space.content` events): the write path's half of stored documents (`deriveRevisionDocuments`),
 * so that a renderer's first read of an edited page, in any process, is a store read and not
 * a conversion. Best effort: a derivation that fails is logged, and readers derive on a miss.
 *
 * One derivation per space at a time, of its newest revision: while one runs, later events of
 * the space only move the revision to derive next (bodies derived before are skipped, so a
 * run costs only the bodies that are new).
 */
import { type DomainServices, deriveRevisionDocuments } from '@quire/domain';
import type { EventBus } from '@quire/persistence';
import type { ServiceLog } from '../services';

/** Starts deriving; the function returned stops it (a derivation under way finishes its slice, no other starts). */
export function startDocumentWarmup(
  services: Pick<DomainServices, 'repos'> & { events: EventBus },
  log: ServiceLog,
): () => void {
  /** Per space, the newest revision not derived yet. */
  const next = new Map<string, string>();
  const deriving = new Set<string>();
  let stopped = false;

  const drain = async (spaceId: string) => {
    deriving.add(spaceId);
    for (
      let revisionId = next.get(spaceId);
      revisionId !== undefined && !stopped;
      revisionId = next.get(spaceId)
    ) {
      next.delete(spaceId);
      await deriveRevisionDocuments(services, spaceId, revisionId).catch((error: unknown) => {
        if (!stopped) log.warn({ err: error, spaceId, revisionId }, 'deriving documents failed');
      });
    }
    deriving.delete(spaceId);
  };

  const unsubscribe = services.events.subscribe((event) => {
    if (event.type !== 'space.content') return;
    next.set(event.spaceId, event.revisionId);
    if (!deriving.has(event.spaceId)) void drain(event.spaceId);
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}
