/**
 * What a save made from an older version could not combine with the content since: the
 * server refuses it with a 409 whose data names each page and field (`conflicts`), and
 * writes nothing.
 */
import { TRPCClientError } from '@trpc/client';

export interface ContentConflict {
  /** Id of the page. */
  page: string;
  /** A page field (`markdown` for its text), or `page` for a page deleted on one side. */
  field: string;
  /** Why: edited-both, deleted-and-edited, moved-both, cycle. */
  reason: string;
}

export function contentConflictsOf(error: unknown): ContentConflict[] {
  if (!(error instanceof TRPCClientError)) return [];
  const conflicts = (error.data as { conflicts?: unknown } | undefined)?.conflicts;
  return Array.isArray(conflicts) ? (conflicts as ContentConflict[]) : [];
}
