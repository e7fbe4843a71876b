/**
 * The OpenAPI specification rule set: one table drives both the guard
 * (`authorizeOpenApiSpec`) and the `permissions` object of every spec. Specs belong to the
 * organization: what a member may do follows their organization role (guests see none); a
 * 'public' spec may also be read by anyone (GitBook: "available to anyone with a public link").
 */
import type { OperationContext, SiteVisitorGrant } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import { type Role, roleAtLeast } from '../core/schemas';
import type { OpenApiSpecRecord } from '../openapi/records';
import type { MemberRecord } from '../organizations/records';
import { authorizeOrganization } from './organization-policy';
import { assertSessionReaches } from './session-reach';

export const OPENAPI_SPEC_ACTIONS = ['view', 'edit', 'delete'] as const;
export type OpenApiSpecAction = (typeof OPENAPI_SPEC_ACTIONS)[number];
export type OpenApiSpecPermissions = Record<OpenApiSpecAction, boolean>;

/**
 * The least organization role each action needs: members with a role read specs and their
 * versions; those who may create specs (the organization's `createOpenAPISpec`) upload new
 * sources, change the visibility and delete them.
 */
export const OPENAPI_SPEC_RULES: Record<OpenApiSpecAction, Role> = {
  view: 'read',
  edit: 'create',
  delete: 'create',
};

export function openApiSpecPermissions(member: Pick<MemberRecord, 'role'>): OpenApiSpecPermissions {
  return Object.fromEntries(
    OPENAPI_SPEC_ACTIONS.map((action) => [action, roleAtLeast(member.role, OPENAPI_SPEC_RULES[action])]),
  ) as OpenApiSpecPermissions;
}

const NOTHING: OpenApiSpecPermissions = { view: false, edit: false, delete: false };
const READ_ONLY: OpenApiSpecPermissions = { view: true, edit: false, delete: false };

/**
 * What a caller may do with one spec. The rules, in order (the first that decides wins):
 *
 * 0. A site API token's visitor (`Caller.site`): read a spec of the site's organization that
 *    the published content they are shown names (`publishedNames`: GitBook publishes the spec
 *    a published page shows), nothing else, public or not.
 * 1. An active member with a role: what their role allows (`OPENAPI_SPEC_RULES`).
 * 2. Anyone else (a guest, a member whose access is disabled, a user of another organization,
 *    an anonymous visitor): a 'public' spec may be read, and nothing more.
 * 3. Otherwise nothing: the spec is answered as one that does not exist.
 */
export function openApiSpecPermissionsOf(subject: {
  member: Pick<MemberRecord, 'role' | 'disabled'> | null;
  visibility: OpenApiSpecRecord['visibility'];
  /** The caller's site grant and the specs its published content names (rule 0). */
  site?: { grant: SiteVisitorGrant; publishedNames: ReadonlySet<string>; spec: SpecPlace };
}): OpenApiSpecPermissions {
  const { member, visibility, site } = subject;
  if (site !== undefined)
    return site.spec.organizationId === site.grant.organizationId && site.publishedNames.has(site.spec.slug)
      ? READ_ONLY
      : NOTHING; // 0
  if (member !== null && !member.disabled && member.role !== null) return openApiSpecPermissions(member); // 1
  return visibility === 'public' ? READ_ONLY : NOTHING; // 2, 3
}

/** The caller's standing in an organization for specs: their membership and permissions (guests: 404). */
export async function authorizeOpenApiSpecs(
  ctx: OperationContext,
  organizationId: string,
  action: OpenApiSpecAction,
): Promise<{ member: MemberRecord; permissions: OpenApiSpecPermissions }> {
  const { member } = await authorizeOrganization(ctx, organizationId, 'view');
  const permissions = openApiSpecPermissions(member);
  // A guest sees no spec: as if the organization had none.
  if (!permissions.view) throw notFound('OpenAPI specification');
  if (!permissions[action]) throw forbidden(`Your role in this organization does not allow: ${action}`);
  return { member, permissions };
}

type SpecPlace = Pick<OpenApiSpecRecord, 'organizationId' | 'slug'>;

/** The specs the published content a site token's visitor is shown names (`openapi/published-spec-names.ts`). */
export type PublishedSpecNames = (grant: SiteVisitorGrant) => Promise<ReadonlySet<string>>;

export interface AuthorizedOpenApiSpec {
  spec: OpenApiSpecRecord;
  permissions: OpenApiSpecPermissions;
}

/**
 * Loads the spec `slug` of an organization for the caller (who may be an anonymous visitor)
 * and checks an action on it (`openApiSpecPermissionsOf`). A spec the caller may not view,
 * or no such spec: not found; a viewable one where the action is not allowed: forbidden. A
 * site token's visitor is checked against `publishedNames` (rule 0): an operation that gives
 * none lets them see no spec.
 */
export async function authorizeOpenApiSpec(
  ctx: OperationContext,
  organizationId: string,
  slug: string,
  action: OpenApiSpecAction,
  publishedNames?: PublishedSpecNames,
): Promise<AuthorizedOpenApiSpec> {
  const [organization, member, spec] = await Promise.all([
    ctx.repos.organizations.findById(organizationId),
    ctx.caller ? ctx.repos.members.find(organizationId, ctx.caller.userId) : null,
    ctx.repos.openApiSpecs.findBySlug(organizationId, slug),
  ]);
  if (organization && member && !member.disabled) await assertSessionReaches(ctx, organization, member);
  const grant = ctx.caller?.site;
  const site =
    grant === undefined || !spec
      ? undefined
      : { grant, spec, publishedNames: publishedNames ? await publishedNames(grant) : new Set<string>() };
  const permissions =
    organization && spec
      ? openApiSpecPermissionsOf({ member, visibility: spec.visibility, ...(site ? { site } : {}) })
      : NOTHING;
  if (!spec || !permissions.view) throw notFound('OpenAPI specification');
  if (!permissions[action]) throw forbidden(`Your role in this organization does not allow: ${action}`);
  return { spec, permissions };
}
