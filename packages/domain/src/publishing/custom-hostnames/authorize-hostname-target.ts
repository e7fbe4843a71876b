/**
 * The caller's right on what a custom hostname serves, by the rules of that target: a site's
 * (`authorizeSite`: any role views, admins change its hostname) or an organization's
 * (`authorizeOrganization`: members view, admins change). A site or an organization the
 * caller may not see is a 404, a role too low a 403.
 */
import type { OperationContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { authorizeOrganization, authorizeSite } from '../../policies';
import type { SiteRecord } from '../records';
import type { CustomHostnameTargetRecord } from './records';

/** A target as requests name it (GitBook's `SitePointer` / `OrganizationPointer`). */
export type TargetPointer = { type: 'site'; site: string } | { type: 'organization'; organization: string };

export interface AuthorizedTarget {
  target: CustomHostnameTargetRecord;
  /** The site, for a site's hostname. */
  site?: SiteRecord;
}

export async function authorizeHostnameTarget(
  ctx: OperationContext,
  pointer: TargetPointer | CustomHostnameTargetRecord,
  action: 'view' | 'admin',
): Promise<AuthorizedTarget> {
  if (pointer.type === 'organization') {
    const organizationId = 'organization' in pointer ? pointer.organization : pointer.organizationId;
    await authorizeOrganization(ctx, organizationId, action);
    return { target: { type: 'organization', organizationId } };
  }
  const siteId = 'site' in pointer ? pointer.site : pointer.siteId;
  const found = await ctx.repos.sites.findById(siteId);
  if (!found) throw notFound('Site');
  const { site } = await authorizeSite(ctx, found.organizationId, siteId, action);
  return { target: { type: 'site', organizationId: site.organizationId, siteId }, site };
}
