/**
 * The guard of every collection operation and the `permissions` of every Collection
 * resource, both from the effective role (`effective-role.ts`) and `COLLECTION_RULES`.
 */
import type { CollectionRecord } from '../content/collections/records';
import { noteAuditOrganization } from '../core/audit-draft';
import { callerOf, type OperationContext } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import type { Role } from '../core/schemas';
import type { OrganizationRecord } from '../organizations/records';
import { effectiveAccessFor, effectiveRolesFor } from './content-access';
import { type CollectionAction, type CollectionPermissions, collectionPermissions } from './content-policy';
import { assertSessionReaches } from './session-reach';

export interface AuthorizedCollection {
  collection: CollectionRecord;
  organization: OrganizationRecord;
  /** The caller's effective role on the collection (never null here: who cannot view gets a 404). */
  role: Role;
  permissions: CollectionPermissions;
}

/**
 * Loads a collection for the caller and checks an action on it. Unknown collections and
 * collections the caller cannot view are not found; one of an organization that does not
 * accept the caller's session (`session-reach.ts`) is forbidden, and so is a viewable one
 * where the caller's role is too low for the action.
 */
export async function authorizeCollection(
  ctx: OperationContext,
  collectionId: string,
  action: CollectionAction,
): Promise<AuthorizedCollection> {
  const collection = await ctx.repos.collections.findById(collectionId);
  if (!collection) throw notFound('Collection');
  const [organization, access] = await Promise.all([
    ctx.repos.organizations.findById(collection.organizationId),
    effectiveAccessFor(ctx, 'collection', [collection], callerOf(ctx).userId),
  ]);
  const role = access.roles.get(collection.id);
  if (!organization || !role) throw notFound('Collection');
  const member = access.memberOf.get(organization.id);
  if (member) await assertSessionReaches(ctx, organization, member);
  const permissions = collectionPermissions(role);
  if (!permissions[action]) throw forbidden(`Your role on this collection does not allow: ${action}`);
  noteAuditOrganization(ctx, organization.id);
  return { collection, organization, role, permissions };
}

export interface CollectionAccess {
  role: Role;
  permissions: CollectionPermissions;
}

/**
 * The role and permissions of a person (the caller by default) on each of many
 * collections, in a fixed number of queries for the whole list. Collections the person
 * cannot view are absent.
 */
export async function collectionAccessFor(
  ctx: OperationContext,
  collections: readonly CollectionRecord[],
  userId: string = callerOf(ctx).userId,
): Promise<Map<string, CollectionAccess>> {
  const roles = await effectiveRolesFor(ctx, 'collection', collections, userId);
  return new Map([...roles].map(([id, role]) => [id, { role, permissions: collectionPermissions(role) }]));
}
