/** What an import's or an export's state means for a person: running, success, failure, or ignored. */
import type { GitSyncRun } from './git-sync-types';

export type RunBadge = 'running' | 'success' | 'failure' | 'ignored';

const BADGE_LABELS: Record<RunBadge, string> = {
  running: 'Running',
  success: 'Success',
  failure: 'Failure',
  ignored: 'Ignored',
};

/** A run that found a newer import or export already applied did nothing: "ignored". */
export const badgeOf = (run: GitSyncRun): RunBadge =>
  run.state === 'success' && run.ignored === true ? 'ignored' : run.state;

export const badgeLabel = (badge: RunBadge): string => BADGE_LABELS[badge];

/** A commit as Git shows it in short. */
export const shortSha = (commit: string): string => commit.slice(0, 7);

const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** When a run started or ended, as a person reads it: "Mar 4, 2026, 10:12:05". */
export const runTime = (iso: string): string => FORMAT.format(new Date(iso));
