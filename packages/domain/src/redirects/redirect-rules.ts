/**
 * Which redirect answers a path of a site, and where a chain of them ends: the rules, in
 * this one place. Pure: `redirect-answers.ts` gathers the inputs (the site's redirects of the
 * path's candidate sources, the space's old paths, the site's pages).
 *
 * The rules:
 * 1. The site's live redirect whose source is the path itself answers.
 * 2. Else an old path of a page of the site space the path falls in (its section's and site
 *    space's segments, as published URLs have them; the rest is the page's path in the
 *    space): a page moved or renamed since, or a `.gitbook.yaml` redirect of a Git-synced
 *    space (`pathRedirectTarget`: a live page at the path wins, subpages follow a moved
 *    parent, a deleted page answers nothing).
 * 3. Else the site's live wildcard redirect with the longest prefix of the path answers
 *    (`/docs/*` before `/docs*` before `/d*`).
 * 4. Else nothing answers (404). Drafts never answer.
 * 5. A target inside the site (under its published base) where no page is, is answered
 *    again by rules 1 to 4: a chain collapses into its last target, which is the answer; a
 *    link of the chain that nothing answers ends it there.
 * 6. A path met twice on the way is a loop, and more than `MAX_REDIRECT_HOPS` links are
 *    treated as one: nothing answers (404 naming the paths), so a visitor is never sent round.
 */
import type { PathRedirectTarget } from '../content';
import type { SiteRedirectRecord } from './records';
import { candidateSources } from './redirect-source';

/** Links a chain may have before it counts as a loop (rule 6). */
export const MAX_REDIRECT_HOPS = 8;

/** What answers a path (rules 1 to 4). */
export type RedirectAnswer =
  | { by: 'site-redirect'; redirect: SiteRedirectRecord }
  | { by: 'old-path'; siteSpaceId: string; target: PathRedirectTarget };

export interface RedirectRulesInput {
  /** The path asked, as a source is written (`/guides/setup`). */
  source: string;
  /** The site's redirects among `candidateSources(source)` (drafts are ignored). */
  siteRedirects: readonly SiteRedirectRecord[];
  /** Where an old path of the site space the path falls in leads, if it does (rule 2). */
  oldPath: { siteSpaceId: string; target: PathRedirectTarget } | null;
}

export function redirectAnswer({
  source,
  siteRedirects,
  oldPath,
}: RedirectRulesInput): RedirectAnswer | null {
  const bySource = new Map(
    siteRedirects.filter((redirect) => !redirect.draft).map((redirect) => [redirect.source, redirect]),
  );
  const exact = bySource.get(source);
  if (exact) return { by: 'site-redirect', redirect: exact }; // 1.
  if (oldPath) return { by: 'old-path', ...oldPath }; // 2.
  for (const candidate of candidateSources(source).slice(1)) {
    const wildcard = bySource.get(candidate);
    if (wildcard) return { by: 'site-redirect', redirect: wildcard }; // 3.
  }
  return null; // 4.
}

/** One link of a chain: what answered a path, the URL it sends to, and the site path to answer again (rule 5). */
export interface RedirectHop<Answer> {
  answer: Answer;
  target: string;
  /** The target's path in the site when it is inside the site and no page is there; else null. */
  next: string | null;
}

export type ChainOutcome<Answer> =
  | { found: true; first: Answer; target: string }
  | { found: false; loop: string[] | null };

/** Rules 5 and 6 over `hop`, which applies rules 1 to 4 to one path (null: nothing answers it). */
export async function followRedirects<Answer>(
  source: string,
  hop: (path: string) => Promise<RedirectHop<Answer> | null>,
): Promise<ChainOutcome<Answer>> {
  const first = await hop(source);
  if (!first) return { found: false, loop: null };
  const seen = [source];
  let last = first;
  while (last.next !== null) {
    if (seen.includes(last.next) || seen.length > MAX_REDIRECT_HOPS)
      return { found: false, loop: [...seen, last.next] }; // 6.
    seen.push(last.next);
    const again = await hop(last.next);
    if (!again) break; // 5: nothing answers this link.
    last = again;
  }
  return { found: true, first: first.answer, target: last.target }; // 5.
}
