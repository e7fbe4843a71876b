/**
 * Which page an old path of a space leads to now, from the space's recorded old paths and
 * its current pages. Pure.
 *
 * 1. A path a current page has is that page's: no redirect (a live page wins over any record).
 * 2. Records are tried from the longest path to the shortest: a record of the path itself,
 *    from either origin, or a `moved` record of a leading part of it (the rest of the path is
 *    then looked for under the page's current path: a moved page's subpages follow it).
 *    `git` records answer their exact path only, as GitBook's `.gitbook.yaml` redirects do.
 * 3. A record answers when the page it names is still there and the path it leads to is a
 *    current page's; otherwise the next (shorter) record is tried.
 * 4. None answers: null.
 */
import type { SpacePathRedirectRecord } from './records';

/** What the rules read of the space's current page index (`PageIndex`). */
export interface CurrentPages {
  readonly paths: ReadonlyMap<string, string>;
  readonly byPath: ReadonlyMap<string, { readonly id: string }>;
}

export interface PathRedirectTarget {
  record: SpacePathRedirectRecord;
  /** The page the path leads to (the record's page, or a subpage of it). */
  pageId: string;
  /** Its current path. */
  path: string;
}

/** The leading parts of `path` that records may hold, the whole path first. */
export function pathPrefixes(path: string): string[] {
  const segments = path.split('/');
  return segments.map((_, index) => segments.slice(0, segments.length - index).join('/'));
}

export function pathRedirectTarget(
  path: string,
  records: readonly SpacePathRedirectRecord[],
  pages: CurrentPages,
): PathRedirectTarget | null {
  if (pages.byPath.has(path)) return null; // 1.
  const byPath = new Map(records.map((record) => [record.path, record]));
  for (const prefix of pathPrefixes(path)) {
    const record = byPath.get(prefix);
    if (!record) continue;
    const exact = prefix === path;
    if (!exact && record.origin !== 'moved') continue; // 2.
    const now = pages.paths.get(record.pageId);
    if (now === undefined) continue; // 3: the page is gone.
    const target = exact ? now : `${now}${path.slice(prefix.length)}`;
    const page = pages.byPath.get(target);
    if (page && target !== path) return { record, pageId: page.id, path: target }; // 3.
  }
  return null; // 4.
}
