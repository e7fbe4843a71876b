/**
 * The lifecycle of a deleted space: restorable for 7 days after `deletedAt`, then removed
 * for good by the purge. Both sides read the window from here, so they cannot disagree.
 */
export const RESTORE_WINDOW_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The earliest `deletedAt` that can still be restored at `now` (ISO, comparable as a string). */
export function restorableSince(now: Date): string {
  return new Date(now.getTime() - RESTORE_WINDOW_DAYS * DAY_MS).toISOString();
}
