/**
 * The pages of a translation's result: the source's tree, each page's text from this run's
 * translation or, for a page not sent, from the result as it is (with any correction a user
 * made there). Pure: a run assembles again on a newer result head without translating again.
 *
 * Per source page:
 * - type (group, link and its target), place, slug, emoji, icon, hidden flag, variables and cover: the source's (the result
 *   mirrors its tree, and keeping slugs keeps every link between pages working; a page's variables are values its
 *   expressions print, not text, and its cover names a file of the source, which the result holds);
 * - title, description, body: this run's translation; else the result page of the same id;
 *   else (a page a user deleted from the result while this run translated) the source's,
 *   untranslated until the next run;
 * - `createdAt`: the result page's when it has one; `updatedAt`: now when anything changed.
 *
 * Pages of the result that are not in the source any more are left out.
 */
import {
  coverValue,
  type PageIndex,
  pageTypeOf,
  type StoredPage,
  type StoredPages,
  samePageType,
  sameVariables,
  storedPageType,
} from '../content';
import type { TranslatedPage } from './translate-pages';

export function assembleResultPages(subject: {
  source: PageIndex;
  translated: ReadonlyMap<string, TranslatedPage>;
  result: PageIndex;
  now: string;
}): StoredPages {
  const { source, translated, result, now } = subject;
  const pages: StoredPages = new Map();
  for (const page of source.pages.values()) {
    const existing = result.pages.get(page.id);
    const text = translated.get(page.id) ?? existing ?? page;
    const fields: StoredPage = {
      id: page.id,
      // A group stays a group, a link a link to the same place (titles are translated, types never).
      ...storedPageType(pageTypeOf(page), page.target),
      parentId: page.parentId,
      position: page.position,
      title: text.title,
      slug: page.slug,
      ...(page.emoji !== undefined ? { emoji: page.emoji } : {}),
      ...(page.icon !== undefined ? { icon: page.icon } : {}),
      ...(text.description !== undefined ? { description: text.description } : {}),
      hidden: page.hidden,
      ...(page.variables !== undefined ? { variables: page.variables } : {}),
      ...(page.cover !== undefined ? { cover: page.cover } : {}),
      createdAt: existing?.createdAt ?? now,
      updatedAt: existing?.updatedAt ?? now,
      body: text.body,
    };
    if (existing && sameFields(existing, fields)) {
      // Unchanged: its stored object is reused (`loaded`), nothing re-hashed.
      pages.set(page.id, existing.loaded ? { ...fields, loaded: existing.loaded } : fields);
    } else {
      pages.set(page.id, { ...fields, updatedAt: now });
    }
  }
  return pages;
}

const COMPARED = [
  'parentId',
  'position',
  'title',
  'slug',
  'emoji',
  'icon',
  'description',
  'hidden',
  'body',
] as const;

function sameFields(a: StoredPage, b: StoredPage): boolean {
  return (
    COMPARED.every((field) => a[field] === b[field]) &&
    samePageType(a, b) &&
    sameVariables(a.variables, b.variables) &&
    coverValue(a.cover) === coverValue(b.cover)
  );
}
