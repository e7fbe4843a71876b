/**
 * Enqueues the revalidation of cache tags, in jobs of at most `MAX_TAGS_PER_JOB` tags.
 * Nothing is enqueued when no renderer is configured.
 */
import type { DomainServices } from '../core/context';
import { enqueueJob } from '../jobs';
import { MAX_TAGS_PER_JOB, REVALIDATE_RENDERERS_JOB } from './revalidate-renderers-job';

/** Who a revalidation runs as when no person caused the change (it touches no one's content). */
export const SYSTEM_ACTOR = 'system';

export async function enqueueRevalidation(
  services: Pick<DomainServices, 'repos' | 'clock' | 'ids' | 'events' | 'rendererRevalidation'>,
  change: { organizationId: string; actorId: string | null; tags: readonly string[] },
): Promise<number> {
  if (!services.rendererRevalidation.configured || change.tags.length === 0) return 0;
  const tags = [...new Set(change.tags)];
  let jobs = 0;
  for (let start = 0; start < tags.length; start += MAX_TAGS_PER_JOB) {
    await enqueueJob(services, {
      kind: REVALIDATE_RENDERERS_JOB,
      payload: { tags: tags.slice(start, start + MAX_TAGS_PER_JOB) },
      organizationId: change.organizationId,
      createdBy: change.actorId ?? SYSTEM_ACTOR,
      // A renderer down for a while: tried again with the job runner's growing delays.
      maxAttempts: 8,
    });
    jobs++;
  }
  return jobs;
}
