/**
 * GitBook's page types besides documents (`RevisionPageGroup`, `RevisionPageLink`) and the
 * rules of their place, shared by everything that makes pages (batches, imports, merges):
 *
 * 1. A group is a top-level page only: it has no parent.
 * 2. A group holds documents and links, never another group (rule 1 says so already).
 * 3. A link has no subpages.
 * 4. Neither has a body: both store the empty body (one object for all of them), so every
 *    reader of bodies (search, outlines, links, exports) sees an empty text.
 */
import { addressOf } from './content-address';
import type { BodyObject, PageFields, PageLinkTarget } from './records';

export type PageTypeFields = Pick<PageFields, 'type' | 'target'>;

/** GitBook's `type` of a page: absent in storage means a document. */
export type PageType = 'document' | 'group' | 'link';

export const pageTypeOf = (page: PageTypeFields): PageType => page.type ?? 'document';

/** The type fields as stored: only when not a document (a document keeps its address), a target only on a link. */
export function storedPageType(type: PageType, target?: PageLinkTarget): PageTypeFields {
  if (type === 'document') return {};
  if (type === 'group') return { type };
  return { type, ...(target !== undefined ? { target: orderedLinkTarget(target) } : {}) };
}

/** A target with its keys in one fixed order (a page object's address depends on it). */
export function orderedLinkTarget(target: PageLinkTarget): PageLinkTarget {
  return target.kind === 'url' ? { kind: 'url', url: target.url } : { kind: 'page', page: target.page };
}

export const samePageType = (a: PageTypeFields, b: PageTypeFields): boolean =>
  a.type === b.type && JSON.stringify(a.target) === JSON.stringify(b.target);

/** The body every group and link page points at. */
export const EMPTY_BODY: BodyObject = { kind: 'body', markdown: '' };
export const EMPTY_BODY_ADDRESS = addressOf(EMPTY_BODY);

/** Why `type` cannot be placed under `parent` (null: the top level), or null when it can (rules 1 and 3). */
export function placeRefusal(type: PageType, parent: PageTypeFields | null): string | null {
  if (type === 'group' && parent !== null) return 'a group page is only at the top level';
  if (parent !== null && parent.type === 'link') return 'a link page has no subpages';
  return null;
}
