/** Every write of a space's Git settings: created by the first import or export, then compare-and-swap. */
import type { OperationContext } from '../core/context';
import type { GitSyncRecord } from './records';

/**
 * Writes `change(current)` (current: null when the space has none yet) by insert or
 * compare-and-swap, reading again after a lost race, so `change` sees the version it
 * replaces. Answers the record written.
 */
export async function changeGitSync(
  ctx: Pick<OperationContext, 'repos'>,
  spaceId: string,
  change: (current: GitSyncRecord | null) => GitSyncRecord,
): Promise<GitSyncRecord> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = await ctx.repos.gitSync.findBySpace(spaceId);
    const next = { ...change(current), version: (current?.version ?? 0) + 1 };
    const written = current
      ? await ctx.repos.gitSync.replace(next, current.version)
      : await ctx.repos.gitSync.insert(next);
    if (written) return next;
  }
  throw new Error(`the Git settings of space ${spaceId} kept changing: gave up after 10 tries`);
}
