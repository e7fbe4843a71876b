/**
 * The flattened form of a revision's pages that the three-way merge works on: the revision
 * storage turns its content-addressed trees into these maps and builds a tree back from the
 * merged one.
 */
import type { StoredPage } from './stored-page';

/**
 * One page of a revision, flattened: where it sits and what it holds, its fields as stored
 * (`PageFields`) but for what the merge leaves to the storage (dates, Git blob), with its
 * body as text. The merge keeps slugs as they are: the storage re-slugs after merging.
 */
export interface PageState
  extends Pick<
    StoredPage,
    'id' | 'parentId' | 'position' | 'title' | 'slug' | 'emoji' | 'icon' | 'description' | 'hidden'
  > {
  /** The body, canonical markdown. */
  markdown: string;
  /** The page's variables as one value (their JSON, names in order); absent: none. */
  variables?: string;
  /** Its type when not a document (`PageFields.type`); no edit changes it, so only pages added on both sides can differ. */
  type?: StoredPage['type'];
  /** A link page's target as one value (its JSON); absent on other pages. */
  target?: string;
  /** The page's cover as one value (`coverValue`); absent: none. */
  cover?: string;
}
export type PageSet = ReadonlyMap<string, PageState>;

export type MergeConflict = {
  pageId: string;
  /** The field that could not be combined: a PageState field name, or 'page' for delete-vs-edit. */
  field:
    | 'markdown'
    | 'title'
    | 'emoji'
    | 'icon'
    | 'description'
    | 'hidden'
    | 'variables'
    | 'type'
    | 'target'
    | 'cover'
    | 'parentId'
    | 'page';
  /** e.g. 'edited-both', 'deleted-and-edited', 'moved-both', 'cycle' */
  reason: string;
};
export type MergeResult =
  | { result: 'merge'; pages: Map<string, PageState> }
  | { result: 'conflicts'; conflicts: MergeConflict[] };

/** The fields merged value by value (rule 3 of `mergePages`); a disagreement on one is a conflict. */
export const SCALAR_PAGE_FIELDS = [
  'title',
  'emoji',
  'icon',
  'description',
  'hidden',
  'variables',
  'target',
  'cover',
] as const;
export type ScalarPageField = (typeof SCALAR_PAGE_FIELDS)[number];

/** Every field of a page but its id: two versions of a page are the same when all of these are. */
const COMPARED_FIELDS = [...SCALAR_PAGE_FIELDS, 'type', 'parentId', 'position', 'slug', 'markdown'] as const;

/** Whether two versions of a page hold the same values (an absent optional field equals undefined). */
export function samePage(a: PageState, b: PageState): boolean {
  return a === b || COMPARED_FIELDS.every((field) => a[field] === b[field]);
}
