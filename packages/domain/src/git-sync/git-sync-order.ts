/**
 * The order of imports and exports (GitBook's `timestamp`): the event that triggered each
 * one says when it happened, so a late import never overwrites what a newer export wrote,
 * and the other way round. The rules, in order (the first that decides wins):
 *
 * 1. forced (`force: true`): it runs;
 * 2. nothing applied yet: it runs;
 * 3. older than the newest applied: it is ignored (nothing read or written);
 * 4. otherwise (as new or newer; the same time is the same event retried) it runs.
 */
export function gitSyncRuns(subject: {
  timestamp: string;
  applied: string | undefined;
  force: boolean;
}): boolean {
  const { timestamp, applied, force } = subject;
  if (force) return true; // 1
  if (applied === undefined) return true; // 2
  if (Date.parse(timestamp) < Date.parse(applied)) return false; // 3
  return true; // 4
}

/** The newer of two timestamps (the applied one after a run). */
export function newerTimestamp(a: string | undefined, b: string): string {
  return a === undefined || Date.parse(b) > Date.parse(a) ? b : a;
}
