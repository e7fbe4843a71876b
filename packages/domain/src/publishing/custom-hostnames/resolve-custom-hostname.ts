/**
 * What a host names (rule 5 of `hostname-claims.ts`): the site or the organization whose
 * custom hostname it is, or null. For `POST /v1/urls/published` (the host of the URL asked
 * about) and for requests whose `Host` is not Quire's own. The host is taken as a URL or a
 * `Host` header gives it: lower-cased, a port and a trailing dot dropped; anything that is
 * not a hostname is null without a read. One read of the claim, one of its site.
 */
import type { OperationContext } from '../../core/context';
import type { SiteRecord } from '../records';
import { currentSite } from '../site-record-cache';
import { hostnameOfHost } from './hostname-schema';

export type CustomHostnameTarget =
  | { type: 'site'; site: SiteRecord }
  | { type: 'organization'; organizationId: string };

export async function resolveCustomHostname(
  ctx: OperationContext,
  host: string,
): Promise<CustomHostnameTarget | null> {
  const hostname = hostnameOfHost(host);
  if (hostname === undefined) return null;
  const claim = await ctx.repos.customHostnames.find(hostname);
  if (!claim) return null;
  const { target } = claim;
  if (target.type === 'organization') {
    const organization = await ctx.repos.organizations.findById(target.organizationId);
    return organization ? { type: 'organization', organizationId: organization.id } : null;
  }
  const site = await currentSite(ctx.repos, target.siteId);
  if (!site || site.organizationId !== target.organizationId || site.hostname !== hostname) return null;
  return { type: 'site', site };
}
