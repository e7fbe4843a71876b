/**
 * A live redirect about to be written is refused when it would send visitors round, judged by
 * the rules that will answer it (`redirect-answers.ts`) as if it were written:
 *
 * 1. An address back at its own source (`/a` to the site's own `/a` URL) is refused, a page
 *    there or not: it never sends anyone anywhere. (A page destination is not: it follows the
 *    page wherever it moves, which is what a redirect to a page at its own path is for.)
 * 2. Otherwise the chain from its source (for a wildcard, from a path it matches) is followed
 *    through the site's redirects and old page paths; one that comes back to a path met
 *    before, or passes `MAX_REDIRECT_HOPS` links, is refused (`a -> b -> a`, a capturing
 *    wildcard into itself). A link whose destination was removed since ends the check there.
 * 3. Drafts are not checked (they never answer); making one live is. A destination elsewhere,
 *    or a part of the site without a captured rest, ends any chain: nothing is followed.
 *
 * Outcome: 400 naming `destination` with the paths of the loop; nothing written. Resolution
 * still answers a loop made otherwise (the site's structure or pages changed since) with a 404.
 */
import type { OperationContext } from '../core/context';
import { invalidInput, isDomainError } from '../core/errors';
import { type SiteRecord, sitePublishedBase } from '../publishing';
import type { SiteRedirectRecord } from './records';
import { redirectHop } from './redirect-answers';
import { followRedirects } from './redirect-rules';
import { isWildcard } from './redirect-source';
import { sitePathOf } from './site-path-of-url';

/** A path a wildcard source matches and no page has ('~' is no slug). */
const pathMatching = (source: string): string => (isWildcard(source) ? `${source.slice(0, -1)}~` : source);

export async function assertNoLoop(
  ctx: OperationContext,
  site: SiteRecord,
  redirect: SiteRedirectRecord,
): Promise<void> {
  if (redirect.draft) return; // 3.
  const { destination } = redirect;
  const inSite =
    destination.kind === 'external' ? sitePathOf(sitePublishedBase(ctx.urls, site), destination.url) : null;
  if (inSite === redirect.source)
    throw invalidInput('destination', `sends visitors back to its own source, ${redirect.source}`); // 1.
  // An address elsewhere ends any chain; so does a part of the site without a captured rest
  // (a page, or a section's or site space's root): nothing to follow.
  if (inSite === null && !redirect.captureWildcard) return;
  // Judged in the whole site, as those who write redirects see it.
  const lookup = { ctx, site, shareKey: undefined, shown: site.structure, pending: redirect };
  let outcome: Awaited<ReturnType<typeof followRedirects>>;
  try {
    outcome = await followRedirects(pathMatching(redirect.source), (path) => redirectHop(lookup, path));
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') return; // 2: a removed destination.
    throw error;
  }
  if (!outcome.found && outcome.loop)
    throw invalidInput('destination', `sends visitors round: ${outcome.loop.join(' -> ')}`); // 2.
}
