/**
 * The refusal of a batch made from an older revision that cannot be combined with what the
 * content became since: a 409 'conflict' naming each page (by title in the message, by id
 * in `conflicts`) and the field both sides changed. Nothing is written.
 *
 * Why a 409 rather than a 200 `{result: 'conflicts'}` as a merge answers: the batch's
 * answer on a change request is the change request itself (GitBook's shape), which a
 * client cannot tell from success; a refused write must be an error status, as the other
 * refusals of a batch (a locked space, too many lost races) already are.
 */
import { type ContentConflict, DomainError } from '../../core/errors';
import type { MergeConflict } from './page-state';
import type { StoredPage } from './stored-page';

export function batchConflicts(
  madeFrom: string,
  /** The merge's, and the reusable contents' (`field` "reusableContent.<field>", `pageId` its id). */
  conflicts: readonly (MergeConflict | { pageId: string; field: string; reason: string })[],
  pageOf: (pageId: string) => StoredPage | undefined,
): DomainError {
  const named: ContentConflict[] = conflicts.map(({ pageId, field, reason }) => ({
    page: pageId,
    field,
    reason,
  }));
  const list = named
    .map(({ page, field, reason }) => `"${pageOf(page)?.title ?? page}" (${field}: ${reason})`)
    .join(', ');
  return new DomainError(
    'conflict',
    `The content changed since revision ${madeFrom} and these changes conflict with it: ${list}. Nothing was saved: read the content again and redo the edit there.`,
    { conflicts: named },
  );
}
