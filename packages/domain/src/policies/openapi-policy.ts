/**
 * The OpenAPI specification rule set: one table drives both the guard
 * (`authorizeOpenApiSpec`) and the `permissions` object of every spec. Specs belong to the
 * organization: what a member may do follows their organization role (guests see none).
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
const requiredRole: Record<OpenApiSpecAction, Role> = {
  view: 'read',
  edit: 'create',
  delete: 'create',
};

export function openApiSpecPermissions(member: MemberRecord): OpenApiSpecPermissions {
  return Object.fromEntries(
    OPENAPI_SPEC_ACTIONS.map((action) => [action, roleAtLeast(member.role, requiredRole[action])]),
  ) as OpenApiSpecPermissions;
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
 * Loads the spec `slug` of an organization for the caller and checks an action on it. A
 * spec of an organization the caller is not in, one a guest asks for, or no such spec: not
 * found; a visible one where the role is too low: forbidden.
 */
export async function authorizeOpenApiSpec(
  ctx: OperationContext,
  organizationId: string,
  slug: string,
  action: OpenApiSpecAction,
): Promise<AuthorizedOpenApiSpec> {
  const [{ member }, spec] = await Promise.all([
    authorizeOrganization(ctx, organizationId, 'view'),
    ctx.repos.openApiSpecs.findBySlug(organizationId, slug),
  ]);
  const permissions = openApiSpecPermissions(member);
  if (!spec || !permissions.view) throw notFound('OpenAPI specification');
  if (!permissions[action]) throw forbidden(`Your role in this organization does not allow: ${action}`);
  return { spec, permissions };
}
