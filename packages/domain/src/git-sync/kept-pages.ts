/**
 * An import's pages made to match the revision they replace wherever nothing changed: a
 * page kept by id (`addImportedContent`'s `idFor`) whose settings, body and place are the
 * same keeps its stored page object (its dates and position key, and `loaded`, so it is not
 * written again); siblings whose old keys are still in the new order keep those keys. So
 * importing what the space already holds (its own export, say) makes the same tree.
 */
import type { PageIndex, StoredPage, StoredPages } from '../content';

const COMPARED = [
  'parentId',
  'type',
  'title',
  'slug',
  'emoji',
  'icon',
  'description',
  'hidden',
  'body',
] as const;

export function keepUnchangedPages(imported: StoredPages, previous: PageIndex): StoredPages {
  const pages: StoredPages = new Map();
  for (const siblings of siblingLists(imported)) {
    const olds = siblings.map((page) => previous.pages.get(page.id));
    const keysInOrder = olds.every(
      (old, index) =>
        old !== undefined &&
        old.parentId === siblings[index]?.parentId &&
        (index === 0 || (olds[index - 1]?.position ?? '') < old.position),
    );
    siblings.forEach((page, index) => {
      const old = olds[index];
      const position = keysInOrder && old ? old.position : page.position;
      const same =
        old !== undefined &&
        COMPARED.every((field) => old[field] === page[field]) &&
        sameBlob(old.git, page.git);
      if (!same) {
        pages.set(page.id, { ...page, position, ...(old ? { createdAt: old.createdAt } : {}) });
        return;
      }
      const kept: StoredPage = { ...old, position };
      if (position !== old.position) delete kept.loaded;
      pages.set(page.id, kept);
    });
  }
  return pages;
}

/** The same Git blob (or none on both sides). */
function sameBlob(a: StoredPage['git'], b: StoredPage['git']): boolean {
  return a?.oid === b?.oid && a?.path === b?.path && a?.url === b?.url;
}

/** The pages grouped by parent, each group in the order the import placed them. */
function siblingLists(pages: StoredPages): StoredPage[][] {
  const byParent = new Map<string | null, StoredPage[]>();
  for (const page of pages.values()) {
    const list = byParent.get(page.parentId);
    if (list) list.push(page);
    else byParent.set(page.parentId, [page]);
  }
  for (const list of byParent.values()) list.sort((a, b) => (a.position < b.position ? -1 : 1));
  return [...byParent.values()];
}
