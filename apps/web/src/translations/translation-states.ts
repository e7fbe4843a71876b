/** What a translation's status means for a person, and when the screens follow a run. */
import type { Translation, TranslationStatus } from './translation-types';

const STATUS_LABELS: Record<TranslationStatus, string> = {
  pending: 'Waiting',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

/** The status in words; 'pending' with no run (no `job`) is a translation never run. */
export const statusLabel = (translation: Pick<Translation, 'status' | 'job'>): string =>
  translation.status === 'pending' && translation.job === undefined
    ? 'Not run yet'
    : STATUS_LABELS[translation.status];

/**
 * Whether a run is going (waiting for a worker, or running): the row reads the translation
 * again every `RUN_POLL_MS` until it ends. A translation never run is 'pending' too, but has
 * no `job`: nothing is going, so nothing is polled.
 */
export const isRunGoing = (translation: Pick<Translation, 'status' | 'job'>): boolean =>
  translation.status === 'running' || (translation.status === 'pending' && translation.job !== undefined);

/** How often a translation whose run is going is read again. */
export const RUN_POLL_MS = 1000;
