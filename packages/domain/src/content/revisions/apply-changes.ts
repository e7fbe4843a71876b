/**
 * Applies a batch of content changes to the pages of a revision, in memory: nothing is
 * written here, so a change that fails (a 400 naming `changes.<index>.<field>`) leaves the
 * store untouched and the batch is all or nothing.
 *
 * Rules:
 * 1. `insert_page` puts a new page under `into` (absent: the top level) at index `at`
 *    among its siblings (absent: last; beyond the last: 400). Its title is the front
 *    matter's, else `title`, else the body's leading level-1 heading (taken out of the
 *    body), else "Untitled". Its slug is `slug` (400 when a sibling has it), else one made
 *    from the title, made unique among the siblings.
 * 2. `update_page` changes the settings given ("" removes an emoji or icon), the body, and
 *    the place (`into`: a page, or null for the top level; `at`). A page cannot go under
 *    itself or one of its subpages (400). Its slug changes only when `slug` is given, so
 *    links to it survive a new title.
 * 3. `delete_page` removes the page and every page under it.
 * 4. `revert_page` sets the page back to what it is in `revision` (default: the base):
 *    present there, it gets that revision's settings, body and place (its parent must
 *    still exist, else the top level); absent there, it is removed with its subpages.
 * 5. A page named by a change must exist when the change applies (a `ref` of an earlier
 *    insert of the batch names the page it inserted).
 * 6. In the bodies the batch writes, links to `./<ref>.md` (a page the batch inserts) and
 *    `./<ref>` (a file it inserts) become `/pages/<id>` and `/files/<id>`, whatever the
 *    order of the changes.
 * 7. Page types (`page-types.ts`): `insert_page` with `type: 'group'` makes a top-level page
 *    with no document (`into` is a 400), `type: 'link'` one with a `target` and no
 *    document; a group or link takes no `document` in `update_page` (400), only a link a
 *    `target`; no page goes under a link, and a group is never moved under a page (400 on
 *    `into`). Both keep the empty body.
 * 8. `update_page`'s `cover` (a document page only, else 400) sets the page's cover; null
 *    removes it. A cover's file named by the `ref` of a file the batch inserts gets its id.
 * 9. Reusable contents and variables: `reusable-contents/reusable-content-changes.ts`.
 */

import { rewriteLinks } from '@quire/documents';
import { invalidInput } from '../../core/errors';
import { positionBetween } from '../positions/position-between';
import { checkedVariables, ExtrasEdit } from '../reusable-contents/reusable-content-changes';
import type { RevisionExtras } from '../reusable-contents/revision-extras';
import { patchedVariables } from '../reusable-contents/variables';
import { addressOf } from './content-address';
import type { AppliedChange, ContentChange } from './content-changes';
import { leadingHeading, type ReadBody } from './page-body';
import { coverWithFileIds } from './page-cover';
import { slugOf, uniqueSlug } from './page-slug';
import { pageTypeOf, placeRefusal, storedPageType } from './page-types';
import type { BodyObject, PageLinkTarget } from './records';
import { bySiblingOrder, changedPage, type StoredPage, type StoredPages } from './stored-page';

export interface ChangeEnvironment {
  now: string;
  newId: () => string;
  /** The ids the batch's inserted files will have, by their `ref`. */
  fileIds: ReadonlyMap<string, string>;
  /** The pages of the revision a `revert_page` names (undefined: the base), or null when unknown. */
  pagesAt: (revisionId: string | undefined) => ReadonlyMap<string, StoredPage> | null;
  /** The bodies of the changes that have one, read before (`readBatchBodies`), by the change's index. */
  bodies: ReadonlyMap<number, ReadBody>;
  /** The reusable contents and variables the batch starts from (`reusable-content-changes.ts`). */
  extras: RevisionExtras;
}

export interface AppliedBatch {
  pages: StoredPages;
  bodies: Map<string, BodyObject>;
  applied: AppliedChange[];
  /** The reusable contents and variables after the batch; absent when it changed none. */
  extras?: RevisionExtras;
}

export function applyChanges(
  start: ReadonlyMap<string, StoredPage>,
  changes: readonly ContentChange[],
  env: ChangeEnvironment,
): AppliedBatch {
  const pages: StoredPages = new Map(start);
  const bodies = new Map<string, BodyObject>();
  const refs = new Map<string, string>();
  const applied: AppliedChange[] = [];
  const extras = new ExtrasEdit(env.extras);
  const storeBody = (markdown: string): string => {
    const object: BodyObject = { kind: 'body', markdown };
    const address = addressOf(object);
    bodies.set(address, object);
    return address;
  };
  const bodyOf = (index: number): ReadBody => {
    const body = env.bodies.get(index);
    if (!body) throw new Error(`applyChanges: the body of change ${index} was not read before`);
    return body;
  };
  changes.forEach((change, index) => {
    const field = (name: string) => `changes.${index}.${name}`;
    const existing = (idOrRef: string, name = 'page'): StoredPage => {
      const page = pages.get(refs.get(idOrRef) ?? idOrRef);
      if (!page) throw invalidInput(field(name), `no page ${JSON.stringify(idOrRef)} in the content`);
      return page;
    };
    // A target page named by id or by the ref of a page the batch inserted before.
    const linkTarget = (target: PageLinkTarget, name: string): PageLinkTarget =>
      target.kind === 'url' ? target : { kind: 'page', page: existing(target.page, name).id };
    switch (change.operation) {
      case 'insert_files':
      case 'update_file':
      case 'delete_file':
        // Files are brought in and edited apart (`incomingFilesOf`, `editedFiles`): nothing to do on pages.
        return;
      case 'insert_reusable_content':
      case 'update_reusable_content':
      case 'delete_reusable_content':
        applied.push(
          extras.apply(change, field, {
            now: env.now,
            newId: env.newId,
            body: env.bodies.get(index),
            leadingHeading,
          }),
        );
        return;
      case 'update_variables': {
        if (change.page === undefined) {
          extras.patchVariables(change.variables, field('variables'));
          return;
        }
        const page = existing(change.page);
        const variables = checkedVariables(
          patchedVariables(page.variables ?? {}, change.variables),
          field('variables'),
        );
        pages.set(page.id, changedPage(page, { updatedAt: env.now, variables }));
        applied.push({ object: 'updated_page', pageId: page.id });
        return;
      }
      case 'insert_page': {
        const type = change.type ?? 'document';
        const parent = change.into === undefined ? null : existing(change.into, 'into');
        const refusal = placeRefusal(type, parent);
        if (refusal !== null) throw invalidInput(field('into'), refusal);
        const parentId = parent?.id ?? null;
        const body = type === 'document' ? bodyOf(index) : undefined;
        let markdown = body?.markdown ?? '';
        let title = body?.settings.title ?? change.title;
        if (title === undefined && body) {
          const heading = leadingHeading(markdown);
          if (heading) {
            title = heading.title;
            markdown = heading.rest;
          }
        }
        const id = env.newId();
        const siblings = siblingsOf(pages, parentId, id);
        const settings = { ...pick(change), ...(body?.settings ?? {}) };
        const target = change.target && linkTarget(change.target, 'target.page');
        const page: StoredPage = {
          id,
          ...storedPageType(type, target),
          parentId,
          position: positionAt(siblings, change.at, field('at')),
          title: title ?? 'Untitled',
          slug: slugFor(siblings, change.slug, title ?? 'Untitled', field('slug')),
          ...optionalSettings(settings),
          hidden: settings.hidden ?? false,
          createdAt: env.now,
          updatedAt: env.now,
          body: storeBody(markdown),
        };
        pages.set(id, page);
        if (change.ref !== undefined) {
          if (refs.has(change.ref)) throw invalidInput(field('ref'), 'used twice in the batch');
          refs.set(change.ref, id);
        }
        applied.push({
          object: 'created_page',
          pageId: id,
          ...(change.ref !== undefined ? { ref: change.ref } : {}),
        });
        return;
      }
      case 'update_page': {
        const page = existing(change.page);
        const type = pageTypeOf(page);
        if (change.document !== undefined && type !== 'document')
          throw invalidInput(field('document'), `a ${type} page has no document`);
        if (change.target !== undefined && type !== 'link')
          throw invalidInput(field('target'), 'only a link page has a target');
        if (change.cover !== undefined && type !== 'document')
          throw invalidInput(field('cover'), `a ${type} page has no cover`);
        const body = change.document ? bodyOf(index) : undefined;
        const settings = { ...pick(change), ...(body?.settings ?? {}) };
        let next = changedPage(page, { updatedAt: env.now });
        if (settings.title !== undefined) next.title = settings.title;
        for (const key of ['emoji', 'icon', 'description'] as const) {
          const value = settings[key];
          if (value === undefined) continue;
          if (value === '') delete next[key];
          else next[key] = value;
        }
        if (settings.hidden !== undefined) next.hidden = settings.hidden;
        if (body) next.body = storeBody(body.markdown);
        if (change.target !== undefined) next.target = linkTarget(change.target, 'target.page');
        if (change.cover === null) delete next.cover;
        else if (change.cover !== undefined) next.cover = coverWithFileIds(change.cover, env.fileIds);
        const moving = change.into !== undefined || change.at !== undefined;
        const parent =
          change.into === undefined
            ? page.parentId === null
              ? null
              : (pages.get(page.parentId) ?? null)
            : change.into === null
              ? null
              : existing(change.into, 'into');
        const parentId = parent?.id ?? null;
        const refusal = placeRefusal(type, parent);
        if (refusal !== null) throw invalidInput(field('into'), refusal);
        if (parentId !== null && (parentId === page.id || isUnder(pages, parentId, page.id))) {
          throw invalidInput(field('into'), 'a page cannot go under itself or one of its subpages');
        }
        const siblings = siblingsOf(pages, parentId, page.id);
        if (moving) {
          next = { ...next, parentId, position: positionAt(siblings, change.at, field('at')) };
        }
        if (change.slug !== undefined && change.slug !== page.slug) {
          next.slug = slugFor(siblings, change.slug, next.title, field('slug'));
        } else if (parentId !== page.parentId) {
          next.slug = uniqueSlug(page.slug, new Set(siblings.map((sibling) => sibling.slug)));
        }
        pages.set(page.id, next);
        applied.push({ object: 'updated_page', pageId: page.id });
        return;
      }
      case 'delete_page': {
        const page = existing(change.page);
        for (const id of subtreeOf(pages, page.id)) pages.delete(id);
        applied.push({ object: 'deleted_page', pageId: page.id });
        return;
      }
      case 'revert_page': {
        const target = env.pagesAt(change.revision);
        if (!target) throw invalidInput(field('revision'), 'no such revision of this space');
        const pageId = refs.get(change.page) ?? change.page;
        const then = target.get(pageId);
        if (!pages.has(pageId) && !then) throw invalidInput(field('page'), 'no such page in either revision');
        if (!then) {
          for (const id of subtreeOf(pages, pageId)) pages.delete(id);
          applied.push({ object: 'deleted_page', pageId });
        } else {
          applied.push({ object: pages.has(pageId) ? 'updated_page' : 'created_page', pageId });
          const parentId = then.parentId !== null && pages.has(then.parentId) ? then.parentId : null;
          const siblings = siblingsOf(pages, parentId, pageId);
          const { loaded: _loaded, ...fields } = then;
          pages.set(pageId, {
            ...fields,
            parentId,
            slug: uniqueSlug(then.slug, new Set(siblings.map((sibling) => sibling.slug))),
            updatedAt: env.now,
          });
        }
        return;
      }
    }
  });
  return {
    pages,
    ...withRefsResolved(pages, bodies, refs, env.fileIds),
    applied,
    ...(extras.changed ? { extras: extras.result() } : {}),
  };
}

/** Rule 6: the batch's bodies with links to its refs pointing at ids. */
function withRefsResolved(
  pages: StoredPages,
  bodies: Map<string, BodyObject>,
  pageIds: ReadonlyMap<string, string>,
  fileIds: ReadonlyMap<string, string>,
): { bodies: Map<string, BodyObject> } {
  if (pageIds.size === 0 && fileIds.size === 0) return { bodies };
  const targetOf = (url: string): string | undefined => {
    const bare = url.startsWith('./') ? url.slice(2) : url;
    const page = bare.endsWith('.md') ? pageIds.get(bare.slice(0, -3)) : undefined;
    if (page !== undefined) return `/pages/${page}`;
    const file = fileIds.get(bare);
    return file === undefined ? undefined : `/files/${file}`;
  };
  const resolved = new Map<string, string>();
  const out = new Map<string, BodyObject>();
  for (const [address, body] of bodies) {
    const markdown = rewriteLinks(body.markdown, targetOf);
    const object: BodyObject = { kind: 'body', markdown };
    const next = addressOf(object);
    resolved.set(address, next);
    out.set(next, object);
  }
  for (const page of pages.values()) {
    const next = resolved.get(page.body);
    if (next !== undefined && next !== page.body) pages.set(page.id, { ...page, body: next });
  }
  return { bodies: out };
}

type Settings = { title?: string; emoji?: string; icon?: string; description?: string; hidden?: boolean };

const pick = (change: Settings): Settings => {
  const settings: Settings = {};
  for (const key of ['title', 'emoji', 'icon', 'description', 'hidden'] as const) {
    if (change[key] !== undefined) (settings as Record<string, unknown>)[key] = change[key];
  }
  return settings;
};

const optionalSettings = (settings: Settings): Pick<StoredPage, 'emoji' | 'icon' | 'description'> => ({
  ...(settings.emoji ? { emoji: settings.emoji } : {}),
  ...(settings.icon ? { icon: settings.icon } : {}),
  ...(settings.description !== undefined ? { description: settings.description } : {}),
});

/** The pages under `parentId` in order, without `exceptId` (the page being placed). */
function siblingsOf(pages: StoredPages, parentId: string | null, exceptId: string): StoredPage[] {
  return [...pages.values()]
    .filter((page) => page.parentId === parentId && page.id !== exceptId)
    .sort(bySiblingOrder);
}

function positionAt(siblings: readonly StoredPage[], at: number | undefined, field: string): string {
  const index = at ?? siblings.length;
  if (index > siblings.length) {
    throw invalidInput(field, `must be between 0 and ${siblings.length} (the number of siblings)`);
  }
  const before = siblings[index - 1]?.position ?? null;
  const after = siblings[index]?.position ?? null;
  // Two siblings with one key (only after a merge): place after both rather than between.
  if (before !== null && after !== null && before >= after) return positionBetween(after, null);
  return positionBetween(before, after);
}

function slugFor(
  siblings: readonly StoredPage[],
  wanted: string | undefined,
  title: string,
  field: string,
): string {
  const taken = new Set(siblings.map((sibling) => sibling.slug));
  if (wanted === undefined) return uniqueSlug(slugOf(title), taken);
  if (taken.has(wanted)) throw invalidInput(field, 'a sibling page already has this slug');
  return wanted;
}

function isUnder(pages: StoredPages, pageId: string, ancestorId: string): boolean {
  const seen = new Set<string>();
  for (let current = pages.get(pageId); current?.parentId; current = pages.get(current.parentId)) {
    if (current.parentId === ancestorId) return true;
    if (seen.has(current.parentId)) return false;
    seen.add(current.parentId);
  }
  return false;
}

/** The page and every page under it. */
export function subtreeOf(pages: StoredPages, rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const page of pages.values()) {
    if (page.parentId === null) continue;
    const list = children.get(page.parentId);
    if (list) list.push(page.id);
    else children.set(page.parentId, [page.id]);
  }
  const out: string[] = [];
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (!pages.has(id)) continue;
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}
