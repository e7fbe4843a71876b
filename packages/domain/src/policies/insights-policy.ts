/**
 * The insights rule set: who may send a site's reader events and who may read what they add
 * up to. One table drives the guard (`authorizeSiteInsights`); nothing else checks these rules.
 *
 * 1. Sending events (`track`) is a reader's act: whoever the published site is shown to
 *    (`visitSite`: an anonymous visitor of a published public or unlisted site, the holder of
 *    an active share link's key or of a verified visitor token, a site API token's bearer on
 *    its own site, a member who may view the site), published (an unpublished site has no
 *    readers, whoever previews it). It has no role: `track` is checked where
 *    the visit is (`operations/track-site-events.ts`), and this table names it for the record.
 * 2. Reading the aggregate (`view`): members whose organization role reaches the site's
 *    `edit` (site editors and admins). Members below see the site but not its readers
 *    (403); who cannot view the site (guests, other organizations, anonymous callers, site
 *    API tokens) gets 404, as for a site that does not exist.
 */
import type { OperationContext } from '../core/context';
import { forbidden } from '../core/errors';
import { type Role, roleAtLeast } from '../core/schemas';
import { type AuthorizedSite, authorizeSite, SITE_RULES } from './site-policy';

export const INSIGHTS_ACTIONS = ['track', 'view'] as const;
export type InsightsAction = (typeof INSIGHTS_ACTIONS)[number];

export const INSIGHTS_RULES: Record<InsightsAction, Role | 'site-visitor'> = {
  track: 'site-visitor', // 1
  view: SITE_RULES.edit, // 2
};

/** Loads a site for reading its insights: 404 for who cannot view the site, 403 below the rule's role. */
export async function authorizeSiteInsights(
  ctx: OperationContext,
  organizationId: string,
  siteId: string,
): Promise<AuthorizedSite> {
  const authorized = await authorizeSite(ctx, organizationId, siteId, 'view');
  const required = INSIGHTS_RULES.view;
  if (required === 'site-visitor' || !roleAtLeast(authorized.member.role, required))
    throw forbidden('Your role in this organization does not allow: view insights of this site');
  return authorized;
}
