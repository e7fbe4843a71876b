/**
 * How many indexes the text of `if` blocks may make of one scope (a revision searched with
 * `spaces.search`, a site searched with `sites.search`). A site token's visitor searches an
 * index of the text their claims open: one index per set of conditions that hold
 * (`searchViewOf`, `siteSearchViewOf`). Unsigned claims are the visitor's to choose, so with k
 * conditions on a site an attacker could make 2^k indexes, each built from the whole site, and
 * fill the search cache every organization shares with them.
 *
 * Rule 1 (what is kept): a scope keeps the indexes of at most `MAX_CONDITION_VIEWS` sets of
 * conditions; a set searched when that many are kept drops the least recently searched one's
 * index (`ContentSearch.forget`), which is built again if it is searched again. The plain view
 * (no condition holds, what every anonymous visitor searches) is shared and never counted. So
 * one site holds at most `MAX_CONDITION_VIEWS + 1` indexes of a revision whatever its visitors
 * claim, and a legitimate site (a few conditions, a few sets its visitors really hold) keeps
 * each of them.
 *
 * Rule 2 (what is built): a scope builds the index of at most `MAX_CONDITION_VIEW_BUILDS` sets
 * not kept per `BUILD_WINDOW_MS` (a minute); a search of another set not kept is refused,
 * `rate_limited` (429 with `Retry-After`: the seconds until the oldest build of the window is a
 * minute old), before anything is built or forgotten. *Added (twenty-first session):* rule 1
 * alone bounded the indexes kept, not the builds: a visitor cycling through nine sets made one
 * build (linear in the site) per search. *Decision:* refused, not answered from the plain view:
 * the plain view never shows a visitor text their conditions hide, but it leaves out text they
 * are shown, so their search would disagree with the pages they read; a refusal says "later"
 * and every answer given stays exact. A set kept and the plain view are answered as ever, so
 * what an attacker spends is only the other new sets' builds of that scope for a minute.
 *
 * The scopes are kept in a bounded cache (`SCOPES_KEPT`): a scope dropped from it forgets
 * nothing, its indexes age out of the search cache as any other (and its builds' times with it).
 */
import { BoundedCache } from '../core/bounded-cache';
import type { DomainServices } from '../core/context';
import { DomainError } from '../core/errors';

export const MAX_CONDITION_VIEWS = 8;
/** Builds of sets not kept a scope may make per `BUILD_WINDOW_MS`. */
export const MAX_CONDITION_VIEW_BUILDS = 8;
export const BUILD_WINDOW_MS = 60_000;
const SCOPES_KEPT = 10_000;

interface ScopeViews {
  /** The view keys, least recently searched first (a `Set` keeps insertion order). */
  keys: Set<string>;
  /** When the scope's last builds were admitted (ms), oldest first, at most `MAX_CONDITION_VIEW_BUILDS`. */
  builds: number[];
}

const scopes = new BoundedCache<string, ScopeViews>(SCOPES_KEPT);

/**
 * Notes that `key` (an index's key in `ctx.contentSearch`) of `scope` is about to be searched,
 * forgetting the least recently searched view of the scope when it holds too many.
 *
 * Outcomes: a key kept, admitted (now the most recently searched); a key not kept, admitted as
 * a build when the scope made fewer than `MAX_CONDITION_VIEW_BUILDS` in the last minute, else
 * refused, `rate_limited` with the seconds to wait, nothing noted.
 */
export function admitConditionView(
  services: Pick<DomainServices, 'contentSearch' | 'clock'>,
  scope: string,
  key: string,
): void {
  let views = scopes.get(scope);
  if (views === undefined) {
    views = { keys: new Set(), builds: [] };
    scopes.set(scope, views);
  }
  if (!views.keys.has(key)) admitBuild(views, services.clock.now().getTime());
  views.keys.delete(key);
  views.keys.add(key);
  while (views.keys.size > MAX_CONDITION_VIEWS) {
    const oldest = views.keys.values().next().value as string;
    views.keys.delete(oldest);
    services.contentSearch.forget(oldest);
  }
}

/** Notes a build at `now`, or refuses it when the scope's window is full. */
function admitBuild(views: ScopeViews, now: number): void {
  while (views.builds.length > 0 && (views.builds[0] as number) <= now - BUILD_WINDOW_MS)
    views.builds.shift();
  if (views.builds.length >= MAX_CONDITION_VIEW_BUILDS) {
    const waitMs = (views.builds[0] as number) + BUILD_WINDOW_MS - now;
    throw new DomainError(
      'rate_limited',
      'Too many searches with other visitor claims on this content just now: retry later',
      { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
    );
  }
  views.builds.push(now);
}
