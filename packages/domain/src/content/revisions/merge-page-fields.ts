/** The merge of one page that both sides still hold (rules 1, 3, 4 and 5 of `mergePages`). */
import { mergeMarkdown } from './merge-markdown';
import { mergePlace } from './merge-place';
import { mergeValue } from './merge-value';
import {
  type MergeConflict,
  type PageState,
  SCALAR_PAGE_FIELDS,
  type ScalarPageField,
  samePage,
} from './page-state';

export interface PageMerge {
  /** The merged page; where a field conflicts it holds ours' value, so the tree can still be checked. */
  page: PageState;
  conflicts: MergeConflict[];
}

/**
 * Merges field by field; `base` is undefined when both sides added the page, and every
 * field either side set then counts as a change (conflicts answer 'added-both'). A page
 * that only one side changed is that side's object, untouched. The slug is no conflict:
 * when both sides changed it differently theirs is kept, since slugs are recomputed after
 * the merge anyway.
 */
export function mergePageFields(base: PageState | undefined, ours: PageState, theirs: PageState): PageMerge {
  if (samePage(ours, theirs) || (base && samePage(theirs, base))) return { page: ours, conflicts: [] };
  if (base && samePage(ours, base)) return { page: theirs, conflicts: [] };

  const page: PageState = { ...ours };
  const conflicts: MergeConflict[] = [];
  const conflict = (field: MergeConflict['field'], bothReason: string) =>
    conflicts.push({ pageId: ours.id, field, reason: base ? bothReason : 'added-both' });

  const mergeScalar = <K extends ScalarPageField>(field: K) => {
    const merged = mergeValue(base?.[field], ours[field], theirs[field]);
    if (!merged.merged) return conflict(field, 'edited-both');
    if (merged.value === undefined) delete page[field];
    else page[field] = merged.value;
  };
  for (const field of SCALAR_PAGE_FIELDS) mergeScalar(field);
  // No edit changes a page's type: only a page added on both sides can hold two.
  const type = mergeValue(base?.type, ours.type, theirs.type);
  if (!type.merged) conflict('type', 'edited-both');
  else if (type.value === undefined) delete page.type;
  else page.type = type.value;

  const slug = mergeValue(base?.slug, ours.slug, theirs.slug);
  page.slug = slug.merged ? slug.value : theirs.slug;

  const markdown = mergeMarkdown(base?.markdown ?? '', ours.markdown, theirs.markdown);
  if (markdown.merged) page.markdown = markdown.markdown;
  else conflict('markdown', 'edited-both');

  const place = mergePlace(base, ours, theirs);
  if (place.merged) {
    page.parentId = place.place.parentId;
    page.position = place.place.position;
  } else conflict('parentId', 'moved-both');

  return { page, conflicts };
}
