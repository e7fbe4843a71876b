/**
 * The three-way merge of two revisions' content against their common base, on stored
 * pages: bodies are compared by address, and only the bodies that differ between the three
 * are read and merged as text (`mergePages`); a body all three share stands in the merge as
 * a marker of its address, so a 5,000-page space reads the few bodies that changed.
 */

import type { DomainServices } from '../../core/context';
import { positionBetween } from '../positions/position-between';
import { hasVariables, orderedVariables, sameVariables } from '../reusable-contents/variables';
import { addressOf } from './content-address';
import { mergePages } from './merge-pages';
import { coverValue, type PageCover } from './page-cover';
import type { PageIndex } from './page-index';
import { uniqueSlug } from './page-slug';
import type { MergeConflict, PageState } from './page-state';
import { loadBodies } from './page-tree';
import { orderedLinkTarget, samePageType } from './page-types';
import type { BodyObject, FileEntry, PageLinkTarget, VariableValues } from './records';
import type { StoredPage, StoredPages } from './stored-page';

/** Never in canonical markdown: marks a body by its address instead of its text. */
const ADDRESS_MARK = '\u0000';

export type MergedContent =
  | { result: 'merged'; pages: StoredPages; bodies: Map<string, BodyObject>; files: FileEntry[] }
  | { result: 'conflicts'; conflicts: MergeConflict[] };

export interface MergeSide {
  index: Pick<PageIndex, 'pages'>;
  files: readonly FileEntry[];
}

/**
 * `unsaved`: bodies a side holds that are not stored yet (a batch being merged into content
 * that moved on), by address; the merge reads them from here and answers those it keeps.
 * `settle`: changes the two sides' pages before they are merged (a person's resolution of
 * conflicts, `change-requests/conflict-resolutions.ts`).
 */
export async function mergeContent(
  services: Pick<DomainServices, 'repos'>,
  base: MergeSide,
  ours: MergeSide,
  theirs: MergeSide,
  now: string,
  unsaved: ReadonlyMap<string, BodyObject> = new Map(),
  settle?: (ours: Map<string, PageState>, theirs: Map<string, PageState>) => void,
): Promise<MergedContent> {
  const ids = new Set([...base.index.pages.keys(), ...ours.index.pages.keys(), ...theirs.index.pages.keys()]);
  const needText = new Set<string>();
  for (const id of ids) {
    const bodies = new Set(
      [base, ours, theirs].flatMap((side) => {
        const page = side.index.pages.get(id);
        return page ? [page.body] : [];
      }),
    );
    if (bodies.size > 1) for (const body of bodies) needText.add(body);
  }
  const texts = await loadBodies(
    services,
    [...needText].filter((address) => !unsaved.has(address)),
  );
  for (const address of needText) {
    const object = unsaved.get(address);
    if (object) texts.set(address, object.markdown);
  }
  const stateOf = (page: StoredPage): PageState => ({
    id: page.id,
    parentId: page.parentId,
    position: page.position,
    title: page.title,
    slug: page.slug,
    ...(page.emoji !== undefined ? { emoji: page.emoji } : {}),
    ...(page.icon !== undefined ? { icon: page.icon } : {}),
    ...(page.description !== undefined ? { description: page.description } : {}),
    hidden: page.hidden,
    markdown: texts.get(page.body) ?? `${ADDRESS_MARK}${page.body}`,
    ...(hasVariables(page.variables) ? { variables: JSON.stringify(orderedVariables(page.variables)) } : {}),
    ...(page.type !== undefined ? { type: page.type } : {}),
    ...(page.target !== undefined ? { target: JSON.stringify(orderedLinkTarget(page.target)) } : {}),
    ...(page.cover !== undefined ? { cover: coverValue(page.cover) } : {}),
  });
  const setOf = (side: MergeSide) =>
    new Map([...side.index.pages.values()].map((page) => [page.id, stateOf(page)]));
  const [ourPages, theirPages] = [setOf(ours), setOf(theirs)];
  settle?.(ourPages, theirPages);
  const merged = mergePages(setOf(base), ourPages, theirPages);
  if (merged.result === 'conflicts') return merged;

  const bodies = new Map<string, BodyObject>();
  const addressOfText = new Map<string, string>();
  for (const [address, markdown] of texts) addressOfText.set(markdown, address);
  const pages: StoredPages = new Map();
  for (const state of merged.pages.values()) {
    let body: string;
    if (state.markdown.startsWith(ADDRESS_MARK)) body = state.markdown.slice(ADDRESS_MARK.length);
    else {
      const known = addressOfText.get(state.markdown);
      if (known) body = known;
      else {
        const object: BodyObject = { kind: 'body', markdown: state.markdown };
        body = addressOf(object);
        bodies.set(body, object);
      }
    }
    const pending = unsaved.get(body);
    if (pending) bodies.set(body, pending);
    const { markdown: _markdown, variables, target, cover, ...fields } = state;
    const was =
      ours.index.pages.get(state.id) ?? theirs.index.pages.get(state.id) ?? base.index.pages.get(state.id);
    const page: StoredPage = {
      ...fields,
      ...(variables !== undefined ? { variables: JSON.parse(variables) as VariableValues } : {}),
      ...(target !== undefined ? { target: JSON.parse(target) as PageLinkTarget } : {}),
      ...(cover !== undefined ? { cover: JSON.parse(cover) as PageCover } : {}),
      body,
      createdAt: was?.createdAt ?? now,
      updatedAt: was?.updatedAt ?? now,
    };
    const sameAsOurs = ours.index.pages.get(state.id);
    const theirsPage = theirs.index.pages.get(state.id);
    if (sameAsOurs && samePlaceAndContent(sameAsOurs, page)) pages.set(page.id, sameAsOurs);
    else
      pages.set(page.id, {
        ...page,
        // Taken as theirs is: when theirs changed it last.
        updatedAt: theirsPage && !changedSince(page, theirsPage) ? theirsPage.updatedAt : now,
      });
  }
  return {
    result: 'merged',
    pages: tidySiblings(pages),
    bodies,
    files: mergeFiles(base.files, ours.files, theirs.files),
  };
}

const samePlaceAndContent = (a: StoredPage, b: StoredPage): boolean =>
  a.parentId === b.parentId &&
  a.position === b.position &&
  a.title === b.title &&
  a.slug === b.slug &&
  a.emoji === b.emoji &&
  a.icon === b.icon &&
  a.description === b.description &&
  a.hidden === b.hidden &&
  a.body === b.body &&
  samePageType(a, b) &&
  sameVariables(a.variables, b.variables) &&
  coverValue(a.cover) === coverValue(b.cover);

const changedSince = (page: StoredPage, theirs: StoredPage | undefined): boolean =>
  !theirs || !samePlaceAndContent(theirs, page);

/**
 * Siblings after a merge: slugs unique (the later of two equal ones gets a suffix) and
 * positions strictly increasing (a tie gets a new key after the previous sibling).
 */
function tidySiblings(pages: StoredPages): StoredPages {
  const byParent = new Map<string | null, StoredPage[]>();
  for (const page of pages.values()) {
    const list = byParent.get(page.parentId);
    if (list) list.push(page);
    else byParent.set(page.parentId, [page]);
  }
  for (const siblings of byParent.values()) {
    siblings.sort((a, b) =>
      a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : 1,
    );
    const slugs = new Set<string>();
    let previous: string | null = null;
    siblings.forEach((page, i) => {
      let next = page;
      if (slugs.has(page.slug)) next = { ...next, slug: uniqueSlug(page.slug, slugs) };
      if (previous !== null && next.position <= previous) {
        const following = siblings[i + 1]?.position;
        next = {
          ...next,
          position: positionBetween(
            previous,
            following !== undefined && following > previous ? following : null,
          ),
        };
      }
      if (next !== page) {
        const { loaded: _loaded, ...rest } = next;
        pages.set(page.id, rest);
      }
      slugs.add(next.slug);
      previous = next.position;
    });
  }
  return pages;
}

/** Files: added on either side kept, removed on one side (and unchanged on the other) removed, theirs win on both. */
function mergeFiles(
  base: readonly FileEntry[],
  ours: readonly FileEntry[],
  theirs: readonly FileEntry[],
): FileEntry[] {
  const byId = (files: readonly FileEntry[]) => new Map(files.map((file) => [file.id, file]));
  const [b, o, t] = [byId(base), byId(ours), byId(theirs)];
  const result: FileEntry[] = [];
  for (const id of new Set([...b.keys(), ...o.keys(), ...t.keys()])) {
    const inBase = b.get(id);
    const inOurs = o.get(id);
    const inTheirs = t.get(id);
    if (inBase && (!inOurs || !inTheirs)) {
      // Removed on a side: gone, unless the other side changed it.
      const other = inOurs ?? inTheirs;
      if (other && other.hash !== inBase.hash) result.push(other);
      continue;
    }
    const kept = inTheirs ?? inOurs;
    if (kept) result.push(kept);
  }
  return result;
}
