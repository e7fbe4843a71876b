/**
 * Writing a space's old paths: after its content moved to a new revision (`recordPathChanges`,
 * called where the space's pointer moves: `advanceSpace` and a change request's merge), and
 * from a Git Sync import's `.gitbook.yaml` (`replaceGitPathRedirects`).
 *
 * Bounded per space: at most `MAX_MOVED_PATHS` records of moved pages (the oldest go first)
 * and `MAX_GIT_PATH_REDIRECTS` of `.gitbook.yaml`; paths longer than `MAX_RECORDED_PATH_LENGTH`
 * are not recorded (no visitor's address is that long: a redirect source is at most 512).
 */
import type { OperationContext } from '../../core/context';
import { pageIndexOf } from '../revisions/page-index';
import type { RevisionRecord } from '../revisions/records';
import type { SpaceRecord } from '../spaces/records';
import { type PagePlace, pathChanges, placesOf } from './moved-paths';
import type { SpacePathRedirectRecord } from './records';

export const MAX_MOVED_PATHS = 2000;
export const MAX_GIT_PATH_REDIRECTS = 1000;
export const MAX_RECORDED_PATH_LENGTH = 1024;

type SpaceOf = Pick<SpaceRecord, 'id' | 'organizationId'>;

/**
 * Records the old paths of the pages that `after` moved from where `before` had them, and
 * deletes the records of paths `after` made live (`moved-paths.ts`). A content change that
 * moves no page writes nothing but that delete, and only when a page got a new path.
 */
export async function recordPathChanges(
  ctx: OperationContext,
  space: SpaceOf,
  before: RevisionRecord,
  after: RevisionRecord,
  /** `after`'s pages as the write made them, when it has them: the tree is then not read again. */
  afterPages?: ReadonlyMap<string, PagePlace>,
): Promise<void> {
  if (before.tree === after.tree) return;
  const [was, is] = await Promise.all([
    pageIndexOf(ctx, before.tree),
    afterPages ? placesOf(afterPages) : pageIndexOf(ctx, after.tree),
  ]);
  const { moved, live } = pathChanges(was, is);
  if (live.length > 0) await ctx.repos.spacePathRedirects.deletePaths(space.id, live);
  const at = ctx.clock.now().toISOString();
  const records = moved
    .filter(({ path }) => path.length <= MAX_RECORDED_PATH_LENGTH)
    .map(
      ({ path, pageId }): SpacePathRedirectRecord => ({
        spaceId: space.id,
        organizationId: space.organizationId,
        path,
        pageId,
        origin: 'moved',
        at,
      }),
    );
  if (records.length === 0) return;
  await ctx.repos.spacePathRedirects.put(records);
  await ctx.repos.spacePathRedirects.trim(space.id, 'moved', MAX_MOVED_PATHS);
}

/**
 * Replaces the space's `.gitbook.yaml` records with `redirects` (old path to page id), the
 * first `MAX_GIT_PATH_REDIRECTS` of them; answers how many were left out.
 */
export async function replaceGitPathRedirects(
  ctx: OperationContext,
  space: SpaceOf,
  redirects: ReadonlyArray<{ path: string; pageId: string }>,
): Promise<{ leftOut: number }> {
  const kept = redirects
    .filter(({ path }) => path.length <= MAX_RECORDED_PATH_LENGTH)
    .slice(0, MAX_GIT_PATH_REDIRECTS);
  const at = ctx.clock.now().toISOString();
  await ctx.repos.spacePathRedirects.deleteOrigin(space.id, 'git');
  if (kept.length > 0)
    await ctx.repos.spacePathRedirects.put(
      kept.map(({ path, pageId }) => ({
        spaceId: space.id,
        organizationId: space.organizationId,
        path,
        pageId,
        origin: 'git' as const,
        at,
      })),
    );
  return { leftOut: redirects.length - kept.length };
}
