/**
 * The flattened form of a revision's pages that the three-way merge works on: the revision
 * storage turns its content-addressed trees into these maps and builds a tree back from the
 * merged one.
 */

/** One page of a revision, flattened: where it sits and what it holds. */
export interface PageState {
  id: string;
  /** Parent page id; null at the top level of the space. */
  parentId: string | null;
  /** Order among siblings: a fractional-indexing key (package `fractional-indexing`), compared as plain strings. */
  position: string;
  title: string;
  /** Path segment, unique among siblings (the lead re-slugs after merging; you do not). */
  slug: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden: boolean;
  /** The body, canonical markdown. */
  markdown: string;
}
export type PageSet = ReadonlyMap<string, PageState>;

export type MergeConflict = {
  pageId: string;
  /** The field that could not be combined: a PageState field name, or 'page' for delete-vs-edit. */
  field: 'markdown' | 'title' | 'emoji' | 'icon' | 'description' | 'hidden' | 'parentId' | 'page';
  /** e.g. 'edited-both', 'deleted-and-edited', 'moved-both', 'cycle' */
  reason: string;
};
export type MergeResult =
  | { result: 'merge'; pages: Map<string, PageState> }
  | { result: 'conflicts'; conflicts: MergeConflict[] };

/** The fields merged value by value (rule 3 of `mergePages`); a disagreement on one is a conflict. */
export const SCALAR_PAGE_FIELDS = ['title', 'emoji', 'icon', 'description', 'hidden'] as const;
export type ScalarPageField = (typeof SCALAR_PAGE_FIELDS)[number];

/** Every field of a page but its id: two versions of a page are the same when all of these are. */
const COMPARED_FIELDS = [...SCALAR_PAGE_FIELDS, 'parentId', 'position', 'slug', 'markdown'] as const;

/** Whether two versions of a page hold the same values (an absent optional field equals undefined). */
export function samePage(a: PageState, b: PageState): boolean {
  return a === b || COMPARED_FIELDS.every((field) => a[field] === b[field]);
}
