/** The merge of one page id across the three revisions (rules 1 and 2 of `mergePages`). */
import { mergePageFields, type PageMerge } from './merge-page-fields';
import { type PageState, samePage } from './page-state';

/** What became of one page: absent from the result (`page` undefined), kept, or in conflict. */
export interface PageOutcome {
  /** The page in the result; for a conflict, the version the tree checks see. */
  page: PageState | undefined;
  conflicts: PageMerge['conflicts'];
}

const kept = (page: PageState | undefined): PageOutcome => ({ page, conflicts: [] });

/**
 * A page only one side added is kept; a page both added merges field by field against
 * nothing. A page one side removed goes when the other left it as it was, and conflicts
 * ('page', 'deleted-and-edited') when the other changed anything about it, its place
 * included; the edited version stands in for it meanwhile. Removed on both sides: gone.
 */
export function mergePage(
  base: PageState | undefined,
  ours: PageState | undefined,
  theirs: PageState | undefined,
): PageOutcome {
  if (ours && theirs) return mergePageFields(base, ours, theirs);
  const remaining = ours ?? theirs;
  if (!base || !remaining) return kept(remaining);
  if (samePage(base, remaining)) return kept(undefined);
  return { page: remaining, conflicts: [{ pageId: base.id, field: 'page', reason: 'deleted-and-edited' }] };
}
