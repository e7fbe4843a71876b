/** Every write of a space's Git settings: created by the first import or export, then compare-and-swap. */
import { compareAndSwap } from '../core/compare-and-swap';
import type { OperationContext } from '../core/context';
import type { GitSyncRecord } from './records';

/**
 * Writes `change(current)` (current: null when the space has none yet) by insert or
 * compare-and-swap, reading again after a lost race, so `change` sees the version it
 * replaces. Answers the record written.
 */
export function changeGitSync(
  ctx: Pick<OperationContext, 'repos'>,
  spaceId: string,
  change: (current: GitSyncRecord | null) => GitSyncRecord,
): Promise<GitSyncRecord> {
  const settings = ctx.repos.gitSync;
  return compareAndSwap(
    {
      name: `the Git settings of space ${spaceId}`,
      read: () => settings.findBySpace(spaceId),
      replace: (next, expectedVersion) => settings.replace(next, expectedVersion),
      insert: (next) => settings.insert(next),
    },
    change,
  );
}
