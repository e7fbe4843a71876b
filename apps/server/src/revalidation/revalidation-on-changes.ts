/**
 * Enqueues the renderers' revalidation when content they may keep changed: a space's content
 * moving to a new revision (`space.content`) drops the space's tag, any other change the tags
 * of what it named (`renderer.change`: sites, spaces' settings, change requests, OpenAPI
 * specifications). Changes of one
 * organization that come close together (a bulk edit, an import of many pages, a merge) are
 * gathered for a moment into one job, so a burst makes a few calls, not one per change.
 *
 * What is gathered but not enqueued yet is lost if the process dies in that moment; the
 * renderer then keeps the old answer until its own lifetime for it ends (a day for GitBook's).
 */
import { type DomainServices, enqueueRevalidation, spaceCacheTag } from '@quire/domain';
import type { EventBus } from '@quire/persistence';
import type { ServiceLog } from '../services';

/** How long changes are gathered before their job is enqueued. */
export const GATHER_MS = 250;

interface Gathered {
  tags: Set<string>;
  actorId: string | null;
  timer: NodeJS.Timeout;
}

/** Starts following changes; the function returned stops it (what is gathered is enqueued at once). */
export function startRevalidationOnChanges(
  services: Pick<DomainServices, 'repos' | 'clock' | 'ids' | 'rendererRevalidation'> & { events: EventBus },
  log: ServiceLog,
): () => Promise<void> {
  if (!services.rendererRevalidation.configured) return async () => {};
  const gathered = new Map<string, Gathered>();
  const pending = new Set<Promise<unknown>>();

  const flush = (organizationId: string) => {
    const entry = gathered.get(organizationId);
    if (!entry) return;
    gathered.delete(organizationId);
    clearTimeout(entry.timer);
    const enqueued = enqueueRevalidation(services, {
      organizationId,
      actorId: entry.actorId,
      tags: [...entry.tags],
    }).catch((error: unknown) =>
      log.warn({ err: error, organizationId }, 'renderer revalidation not enqueued'),
    );
    pending.add(enqueued);
    void enqueued.finally(() => pending.delete(enqueued));
  };

  const unsubscribe = services.events.subscribe((event) => {
    if (event.type !== 'space.content' && event.type !== 'renderer.change') return;
    let entry = gathered.get(event.organizationId);
    if (!entry) {
      entry = {
        tags: new Set(),
        actorId: event.actorId,
        timer: setTimeout(() => flush(event.organizationId), GATHER_MS),
      };
      entry.timer.unref();
      gathered.set(event.organizationId, entry);
    }
    if (event.type === 'space.content') entry.tags.add(spaceCacheTag(event.spaceId));
    else for (const tag of event.tags) entry.tags.add(tag);
  });

  return async () => {
    unsubscribe();
    for (const organizationId of [...gathered.keys()]) flush(organizationId);
    await Promise.all(pending);
  };
}
