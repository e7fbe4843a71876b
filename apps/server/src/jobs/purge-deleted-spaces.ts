/**
 * The scheduled purges: every `intervalMs`, removes for good the spaces deleted more than 7
 * days ago (`purgeDeletedSpaces`), by the injected clock, and starts again the purge of any
 * deleted organization whose purge job ended without finishing (`resumeOrganizationPurges`),
 * as a `RepeatingTask` (no overlapping runs, a timer that keeps nothing alive).
 */
import { type DomainServices, purgeDeletedSpaces, resumeOrganizationPurges } from '@quire/domain';
import { startRepeatingTask } from './repeating-task';

export interface PurgeJob {
  /** Resolves when the run in progress, if any, has finished. */
  stop(): Promise<void>;
}

export interface PurgeJobOptions {
  intervalMs: number;
  onPurged?: (spaceIds: string[]) => void;
  onError?: (error: unknown) => void;
}

export function startPurgeDeletedSpacesJob(
  services: Pick<DomainServices, 'repos' | 'clock' | 'ids' | 'events'>,
  options: PurgeJobOptions,
): PurgeJob {
  return startRepeatingTask(
    options.intervalMs,
    async () => {
      const { purged } = await purgeDeletedSpaces(services, services.clock.now());
      if (purged.length > 0) options.onPurged?.(purged);
      await resumeOrganizationPurges(services);
    },
    options.onError,
  );
}
