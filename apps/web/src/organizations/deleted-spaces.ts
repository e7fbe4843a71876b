/**
 * The spaces this browser deleted, per organization, so that they can be restored within the
 * server's restore window (7 days, `spaces.restore`). The server lists no deleted spaces: the
 * ids are kept in localStorage, and each is read back with `spaces.get` (which shows deleted
 * spaces to their admins) to show only those still deleted and restorable.
 */
import { useSyncExternalStore } from 'react';

/** How long the server keeps a deleted space restorable (`restore-window.ts` of the domain). */
export const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

const STORAGE_PREFIX = 'quire.deleted-spaces.';
const listeners = new Set<() => void>();
const EMPTY: readonly string[] = [];
const cache = new Map<string, readonly string[]>();

function read(organizationId: string): readonly string[] {
  const cached = cache.get(organizationId);
  if (cached) return cached;
  let ids: readonly string[] = EMPTY;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_PREFIX + organizationId) ?? '[]');
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === 'string');
  } catch {
    // A value another version wrote, or storage that is off: nothing remembered.
  }
  cache.set(organizationId, ids);
  return ids;
}

function write(organizationId: string, ids: readonly string[]): void {
  cache.set(organizationId, ids);
  try {
    localStorage.setItem(STORAGE_PREFIX + organizationId, JSON.stringify(ids));
  } catch {
    // Storage full or off: the list lives as long as the page.
  }
  for (const listener of listeners) listener();
}

export function rememberDeleted(organizationId: string, spaceIds: readonly string[]): void {
  const ids = read(organizationId);
  write(organizationId, [...ids, ...spaceIds.filter((id) => !ids.includes(id))]);
}

export function forgetDeleted(organizationId: string, spaceId: string): void {
  write(
    organizationId,
    read(organizationId).filter((id) => id !== spaceId),
  );
}

export function useDeletedSpaceIds(organizationId: string): readonly string[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => read(organizationId),
  );
}

/** When a space deleted at `deletedAt` stops being restorable. */
export const restorableUntil = (deletedAt: string): Date =>
  new Date(Date.parse(deletedAt) + RESTORE_WINDOW_MS);
