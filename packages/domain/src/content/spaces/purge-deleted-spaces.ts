/**
 * The purge: removes for good the spaces deleted more than 7 days ago, with what they hold.
 * Run periodically by the server's job; safe to run concurrently or after a crash (each
 * removal is conditional on the space still being deleted before the cutoff).
 */
import type { DomainServices } from '../../core/context';
import { restorableSince } from './restore-window';

const BATCH = 100;
/** Documents a space holds removed per store write, as the organization's purge does. */
const HELD_BATCH = 500;

export interface PurgeResult {
  /** Ids of the spaces removed by this run. */
  purged: string[];
}

export async function purgeDeletedSpaces(
  services: Pick<DomainServices, 'repos'>,
  now: Date,
): Promise<PurgeResult> {
  const cutoff = restorableSince(now);
  const purged: string[] = [];
  for (;;) {
    const batch = await services.repos.spaces.listDeletedBefore(cutoff, BATCH);
    let removed = 0;
    for (const space of batch) {
      // What the space holds goes first (its revisions, change requests, comments...: what
      // names its files' bytes, which the blob collection then deletes); the space record goes
      // last, so a run that stops half-way finds the space again next time and finishes the job.
      let held = 1;
      while (held > 0) held = await services.repos.organizationData.purgeSpaceBatch(space.id, HELD_BATCH);
      await services.repos.contentGrants.removeForTargets([{ kind: 'space', id: space.id }]);
      if (await services.repos.spaces.purge(space.id, cutoff)) {
        purged.push(space.id);
        removed += 1;
      }
    }
    // A full batch where nothing could be removed would come back again: stop there.
    if (batch.length < BATCH || removed === 0) return { purged };
  }
}
