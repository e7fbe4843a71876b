/**
 * The scheduled purge of deleted spaces: every `intervalMs`, removes for good the spaces
 * deleted more than 7 days ago (`purgeDeletedSpaces`), by the injected clock. Runs in the
 * server process; a run never overlaps the previous one, and the timer does not keep the
 * process alive.
 */
import { type DomainServices, purgeDeletedSpaces } from '@quire/domain';

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
  services: Pick<DomainServices, 'repos' | 'clock'>,
  options: PurgeJobOptions,
): PurgeJob {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = purgeDeletedSpaces(services, services.clock.now())
      .then(({ purged }) => {
        if (purged.length > 0) options.onPurged?.(purged);
      })
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
