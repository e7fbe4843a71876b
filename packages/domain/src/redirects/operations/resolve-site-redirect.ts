import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeSiteVisit } from '../../policies';
import {
  activeShareKeyOf,
  readableStructureOf,
  ShareKeySchema,
  SiteIdParam,
  SiteOrganizationIdParam,
  visitSite,
} from '../../publishing';
import { redirectHop } from '../redirect-answers';
import { followRedirects, MAX_REDIRECT_HOPS, type RedirectAnswer } from '../redirect-rules';
import { presentSiteRedirect, type SiteRedirect, SiteRedirectSchema } from '../redirect-schema';
import { RedirectSourceSchema } from '../redirect-source';

export const ResolvedSiteRedirectSchema = z
  .object({
    redirect: SiteRedirectSchema,
    target: z.string().describe('The URL a visitor of the path is sent to'),
  })
  .meta({
    id: 'ResolvedSiteRedirect',
    description: 'The redirect answering a path, and where it sends visitors',
  });

/**
 * What answers a path of a site, and the URL it sends visitors to (`redirect-rules.ts`): the
 * site's live redirect of that exact source; else an old path of a page of the site space
 * the path falls in (a page moved or renamed since, or a `.gitbook.yaml` redirect of a
 * Git-synced space; a live page at the path wins); else the wildcard source with the
 * longest prefix of the path (`/guides/*` before `/guides*` before `/g*`); drafts never
 * answer. A capturing wildcard appends what it matched to the URL. A URL into the site
 * where no page is is answered again (a chain collapses into its last URL), at most
 * `MAX_REDIRECT_HOPS` times. An old path answers as a redirect Quire made: its `id` names the
 * old path (`moved:` or `git:`, the site space, the path), it is temporary and no list holds
 * it. `shareKey`: the key of an active share link of the site, which a URL into the site then
 * carries. For any member with a role on the organization, and for the bearer of a site API
 * token of this site (a renderer asks it for a path its visitor found no page at).
 *
 * Only the part of the site the caller is shown is read (`readableStructureOf`: a visitor's
 * sections and site spaces as their claims open them, a member's preview without the spaces
 * their role does not open): a path falls in one of its site spaces, and a site redirect whose
 * destination is elsewhere in the site (a section, site space or page of a site space they may
 * not read, or an address of the site there) is, for them, no redirect (`isDestinationShown`).
 * So no answer tells a caller where a page they may not read is, or that it exists: they get
 * what a site without that redirect would give them (GitBook's renderer then shows its 404).
 *
 * Outcomes: not a member, a guest, or the site unknown or of another organization, 404; a
 * `shareKey` that is not an active link's, 404 'Share link'; no redirect answers the path (for
 * this caller), 404 'Site redirect'; the redirects from the path come back to a path met
 * before, or pass `MAX_REDIRECT_HOPS` links, 404 naming the paths (a loop, never a visitor sent
 * round); its destination removed from the site since, 404 'Redirect destination'.
 */
export const resolveSiteRedirect = operation({
  name: 'sites.redirects.resolve',
  kind: 'query',
  summary: 'Find the redirect answering a path of a site',
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    source: RedirectSourceSchema,
    shareKey: ShareKeySchema.optional(),
  }),
  output: ResolvedSiteRedirectSchema,
  async run(ctx, input) {
    const site = await authorizeSiteVisit(ctx, input.organizationId, input.siteId);
    const shareKey = activeShareKeyOf(site, input.shareKey);
    const visit = await visitSite(ctx, site, { shareKey });
    if (!visit.shown) throw notFound('Site');
    const lookup = { ctx, site, shareKey, shown: await readableStructureOf(ctx, site, visit) };
    const outcome = await followRedirects(input.source, (path) => redirectHop(lookup, path));
    if (!outcome.found && outcome.loop)
      throw notFound(
        `Site redirect (the redirects from ${input.source} make a loop or more than ${MAX_REDIRECT_HOPS} links: ${outcome.loop.join(' -> ')})`,
      );
    if (!outcome.found) throw notFound('Site redirect');
    return { redirect: presented(outcome.first, input.source), target: outcome.target };
  },
});

/** The redirect that answered: the site's own, or one Quire made of a page's old path. */
function presented(answer: RedirectAnswer, source: string): SiteRedirect {
  if (answer.by === 'site-redirect') return presentSiteRedirect(answer.redirect);
  const { record, pageId } = answer.target;
  return {
    object: 'site-redirect',
    id: `${record.origin}:${answer.siteSpaceId}:${record.path}`,
    source,
    draft: false,
    captureWildcard: false,
    // Temporary: the old path may be a page's again, and a browser keeps a permanent redirect.
    permanent: false,
    destination: { kind: 'site-page', siteSpaceId: answer.siteSpaceId, pageId },
    createdAt: record.at,
  };
}
