/**
 * Which page an old path of a space leads to now, from the space's recorded old paths and
 * its current pages. `pathRedirectStep` is pure; `pathRedirectTarget` runs it over the
 * records it reads.
 *
 * 1. A path a current page has is that page's: no redirect (a live page wins over any record).
 * 2. Records are tried from the longest path to the shortest: a record of the path itself,
 *    from either origin, or a `moved` record of a leading part of it (the rest of the path is
 *    then looked for under the page's current path: a moved page's subpages follow it).
 *    `git` records answer their exact path only, as GitBook's `.gitbook.yaml` redirects do.
 * 3. A record answers when the page it names is still there and the path it leads to is a
 *    current page's; a record whose page is gone is skipped.
 * 4. When no record leads to a current page, the path the longest usable record leads to is
 *    an old path in turn (a subpage moved after its parent): it is looked up again, at most
 *    `MAX_OLD_PATH_STEPS` times, never twice the same path.
 * 5. None answers: null.
 */
import type { SpacePathRedirectRecord } from './records';

/** Look-ups of old paths one path may take (rule 4). */
export const MAX_OLD_PATH_STEPS = 8;

/** What the rules read of the space's current page index (`PageIndex`). */
export interface CurrentPages {
  readonly paths: ReadonlyMap<string, string>;
  readonly byPath: ReadonlyMap<string, { readonly id: string }>;
}

export interface PathRedirectTarget {
  /** The record that answered the path asked. */
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

export type PathRedirectStep =
  | { found: PathRedirectTarget }
  | { again: string; record: SpacePathRedirectRecord }
  | null;

/** Rules 1 to 3 for one path, and the path to look up again (rule 4). */
export function pathRedirectStep(
  path: string,
  records: readonly SpacePathRedirectRecord[],
  pages: CurrentPages,
): PathRedirectStep {
  if (pages.byPath.has(path)) return null; // 1.
  const byPath = new Map(records.map((record) => [record.path, record]));
  let again: { again: string; record: SpacePathRedirectRecord } | null = null;
  for (const prefix of pathPrefixes(path)) {
    const record = byPath.get(prefix);
    if (!record) continue;
    const exact = prefix === path;
    if (!exact && record.origin !== 'moved') continue; // 2.
    const now = pages.paths.get(record.pageId);
    if (now === undefined) continue; // 3: the page is gone.
    const target = exact ? now : `${now}${path.slice(prefix.length)}`;
    if (target === path) continue;
    const page = pages.byPath.get(target);
    if (page) return { found: { record, pageId: page.id, path: target } }; // 3.
    again ??= { again: target, record };
  }
  return again; // 4, 5.
}

/** Rules 1 to 5: `recordsOf` reads the space's records of some paths. */
export async function pathRedirectTarget(
  path: string,
  recordsOf: (paths: string[]) => Promise<readonly SpacePathRedirectRecord[]>,
  pages: CurrentPages,
): Promise<PathRedirectTarget | null> {
  const seen = new Set<string>();
  let first: SpacePathRedirectRecord | undefined;
  for (let at = path; seen.size < MAX_OLD_PATH_STEPS && !seen.has(at); ) {
    seen.add(at);
    const step = pathRedirectStep(at, await recordsOf(pathPrefixes(at)), pages);
    if (!step) return null;
    if ('found' in step) return { ...step.found, record: first ?? step.found.record };
    first ??= step.record;
    at = step.again;
  }
  return null;
}
