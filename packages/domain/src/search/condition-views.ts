/**
 * How many indexes the text of `if` blocks may make of one scope (a revision searched with
 * `spaces.search`, a site searched with `sites.search`). A site token's visitor searches an
 * index of the text their claims open: one index per set of conditions that hold
 * (`searchViewOf`, `siteSearchViewOf`). Unsigned claims are the visitor's to choose, so with k
 * conditions on a site an attacker could make 2^k indexes, each built from the whole site, and
 * fill the search cache every organization shares with them.
 *
 * Rule: a scope keeps the indexes of at most `MAX_CONDITION_VIEWS` sets of conditions; a set
 * searched when that many are kept drops the least recently searched one's index
 * (`ContentSearch.forget`), which is built again if it is searched again. The plain view (no
 * condition holds, what every anonymous visitor searches) is shared and never counted. So one
 * site holds at most `MAX_CONDITION_VIEWS + 1` indexes of a revision whatever its visitors
 * claim, and a legitimate site (a few conditions, a few sets its visitors really hold) keeps
 * each of them. The scopes are kept in a bounded cache (`SCOPES_KEPT`): a scope dropped from it
 * forgets nothing, its indexes age out of the search cache as any other.
 */
import { BoundedCache } from '../core/bounded-cache';
import type { DomainServices } from '../core/context';

export const MAX_CONDITION_VIEWS = 8;
const SCOPES_KEPT = 10_000;

/** Each scope's view keys, least recently searched first (a `Set` keeps insertion order). */
const viewsOf = new BoundedCache<string, Set<string>>(SCOPES_KEPT);

/**
 * Notes that `key` (an index's key in `ctx.contentSearch`) of `scope` is about to be searched,
 * forgetting the least recently searched view of the scope when it holds too many.
 */
export function admitConditionView(
  services: Pick<DomainServices, 'contentSearch'>,
  scope: string,
  key: string,
): void {
  let views = viewsOf.get(scope);
  if (views === undefined) {
    views = new Set();
    viewsOf.set(scope, views);
  }
  views.delete(key);
  views.add(key);
  while (views.size > MAX_CONDITION_VIEWS) {
    const oldest = views.values().next().value as string;
    views.delete(oldest);
    services.contentSearch.forget(oldest);
  }
}
