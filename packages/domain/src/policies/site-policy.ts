/**
 * The site rule set: one table drives both the guard (`authorizeSite`) and the `permissions`
 * object of every Site resource. Sites belong to the organization: what a member may do on
 * them follows their organization role (guests see no site).
 */
import type { OperationContext } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import { type Role, roleAtLeast } from '../core/schemas';
import type { MemberRecord } from '../organizations/records';
import type { SiteRecord } from '../publishing/records';
import { authorizeOrganization } from './organization-policy';

export const SITE_ACTIONS = [
  'view',
  'access',
  'edit',
  'create',
  'admin',
  'installIntegration',
  'viewAdaptiveSchema',
  'editAdaptiveSchema',
] as const;

export type SiteAction = (typeof SITE_ACTIONS)[number];
export type SitePermissions = Record<SiteAction, boolean>;

/**
 * The least organization role each action needs: `view` lists and reads sites and their
 * structure; `create` shapes the structure (sections, groups, site spaces, their order);
 * `admin` changes the site itself (settings, visibility, publishing, share links, visitor
 * authentication, deletion) and its adaptive schema.
 */
export const SITE_RULES: Record<SiteAction, Role> = {
  view: 'read',
  access: 'read',
  edit: 'edit',
  create: 'create',
  admin: 'admin',
  installIntegration: 'admin',
  viewAdaptiveSchema: 'read',
  editAdaptiveSchema: 'admin',
};

export function sitePermissions(member: MemberRecord): SitePermissions {
  return Object.fromEntries(
    SITE_ACTIONS.map((action) => [action, roleAtLeast(member.role, SITE_RULES[action])]),
  ) as SitePermissions;
}

export interface AuthorizedSite {
  site: SiteRecord;
  member: MemberRecord;
  permissions: SitePermissions;
}

/**
 * Loads a site of an organization for the caller and checks an action on it. A site of an
 * organization the caller is not in, or of another organization than the path's, or one a
 * guest asks for, is not found; a visible one where the role is too low is forbidden.
 */
export async function authorizeSite(
  ctx: OperationContext,
  organizationId: string,
  siteId: string,
  action: SiteAction,
): Promise<AuthorizedSite> {
  const [{ member }, site] = await Promise.all([
    authorizeOrganization(ctx, organizationId, 'view'),
    ctx.repos.sites.findById(siteId),
  ]);
  if (!site || site.organizationId !== organizationId) throw notFound('Site');
  const permissions = sitePermissions(member);
  if (!permissions.view) throw notFound('Site');
  if (!permissions[action])
    throw forbidden(`Your role in this organization does not allow: ${action} on this site`);
  return { site, member, permissions };
}

/**
 * A site for a read its visitors make too (a redirect of its paths): for a site API token's
 * caller, its own site, while the token stands (checked on every request; another site is
 * not found, as for anyone outside the organization); for everyone else, `authorizeSite`'s
 * 'view'.
 */
export async function authorizeSiteVisit(
  ctx: OperationContext,
  organizationId: string,
  siteId: string,
): Promise<SiteRecord> {
  const grant = ctx.caller?.site;
  if (grant === undefined) return (await authorizeSite(ctx, organizationId, siteId, 'view')).site;
  if (grant.siteId !== siteId || grant.organizationId !== organizationId) throw notFound('Site');
  const site = await ctx.repos.sites.findById(siteId);
  if (!site || site.organizationId !== organizationId) throw notFound('Site');
  return site;
}
