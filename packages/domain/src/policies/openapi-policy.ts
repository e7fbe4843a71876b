/**
 * The OpenAPI specification rule set: one table drives both the guard
 * (`authorizeOpenApiSpec`) and the `permissions` object of every spec. Specs belong to the
 * organization: what a member may do follows their organization role (guests see none); a
 * 'public' spec may also be read by anyone (GitBook: "available to anyone with a public link").
 */
import type { OperationContext } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import { type Role, roleAtLeast } from '../core/schemas';
import type { OpenApiSpecRecord } from '../openapi/records';
import type { MemberRecord } from '../organizations/records';
import { authorizeOrganization } from './organization-policy';

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
 * 1. An active member with a role: what their role allows (`OPENAPI_SPEC_RULES`).
 * 2. Anyone else (a guest, a member whose access is disabled, a user of another organization,
 *    an anonymous visitor): a 'public' spec may be read, and nothing more.
 * 3. Otherwise nothing: the spec is answered as one that does not exist.
 */
export function openApiSpecPermissionsOf(subject: {
  member: Pick<MemberRecord, 'role' | 'disabled'> | null;
  visibility: OpenApiSpecRecord['visibility'];
}): OpenApiSpecPermissions {
  const { member, visibility } = subject;
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

export interface AuthorizedOpenApiSpec {
  spec: OpenApiSpecRecord;
  permissions: OpenApiSpecPermissions;
}

/**
 * Loads the spec `slug` of an organization for the caller (who may be an anonymous visitor)
 * and checks an action on it (`openApiSpecPermissionsOf`). A spec the caller may not view,
 * or no such spec: not found; a viewable one where the action is not allowed: forbidden.
 */
export async function authorizeOpenApiSpec(
  ctx: OperationContext,
  organizationId: string,
  slug: string,
  action: OpenApiSpecAction,
): Promise<AuthorizedOpenApiSpec> {
  const [organization, member, spec] = await Promise.all([
    ctx.repos.organizations.findById(organizationId),
    ctx.caller ? ctx.repos.members.find(organizationId, ctx.caller.userId) : null,
    ctx.repos.openApiSpecs.findBySlug(organizationId, slug),
  ]);
  const permissions =
    organization && spec ? openApiSpecPermissionsOf({ member, visibility: spec.visibility }) : NOTHING;
  if (!spec || !permissions.view) throw notFound('OpenAPI specification');
  if (!permissions[action]) throw forbidden(`Your role in this organization does not allow: ${action}`);
  return { spec, permissions };
}
