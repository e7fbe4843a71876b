/** How long the server keeps a deleted space restorable (the domain's `restore-window.ts`: 7 days). */
export const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** When a space deleted at `deletedAt` stops being restorable. */
export const restorableUntil = (deletedAt: string): Date =>
  new Date(Date.parse(deletedAt) + RESTORE_WINDOW_MS);
