/**
 * The content rule set: what each action on a space or a collection needs, as the least
 * effective role (see `access/effective-role.ts`). One table per resource kind drives both
 * the guards (`authorizeSpace`, `authorizeCollection`) and the `permissions` objects of
 * every Space and Collection resource, so they cannot disagree.
 */
import { type Role, roleAtLeast } from '../core/schemas';
import type { OrganizationAction } from './organization-policy';

export const SPACE_ACTIONS = [
  'view',
  'access',
  'admin',
  'viewInviteLinks',
  'edit',
  'triggerGitSync',
  'comment',
  'merge',
  'review',
  'installIntegration',
] as const;

export type SpaceAction = (typeof SPACE_ACTIONS)[number];
export type SpacePermissions = Record<SpaceAction, boolean>;

export const COLLECTION_ACTIONS = ['view', 'admin', 'viewInviteLinks', 'create'] as const;

export type CollectionAction = (typeof COLLECTION_ACTIONS)[number];
export type CollectionPermissions = Record<CollectionAction, boolean>;

/** The least effective role on a space each action needs. */
export const SPACE_RULES: Record<SpaceAction, Role> = {
  view: 'read',
  access: 'read',
  comment: 'comment',
  edit: 'edit',
  // Importing from Git rewrites the content, as an edit does.
  triggerGitSync: 'edit',
  review: 'review',
  // Merging a change request publishes someone else's edits: the reviewers' call.
  merge: 'review',
  admin: 'admin',
  viewInviteLinks: 'admin',
  installIntegration: 'admin',
};

/** The least effective role on a collection each action needs. */
export const COLLECTION_RULES: Record<CollectionAction, Role> = {
  view: 'read',
  // Creating spaces and collections inside the collection.
  create: 'create',
  admin: 'admin',
  viewInviteLinks: 'admin',
};

/** The permissions object of a Space for an effective role (null: no access). */
export function spacePermissions(role: Role | null): SpacePermissions {
  return Object.fromEntries(
    SPACE_ACTIONS.map((action) => [action, roleAtLeast(role, SPACE_RULES[action])]),
  ) as SpacePermissions;
}

/** The permissions object of a Collection for an effective role (null: no access). */
export function collectionPermissions(role: Role | null): CollectionPermissions {
  return Object.fromEntries(
    COLLECTION_ACTIONS.map((action) => [action, roleAtLeast(role, COLLECTION_RULES[action])]),
  ) as CollectionPermissions;
}

/**
 * The placement rule set: what an operation that changes WHERE content sits needs, beyond
 * its right on the item itself (the tables above: admin to move or transfer, view to
 * duplicate). The guards of `access/content-placement.ts` read this table and nothing else
 * checks these rules.
 *
 * 1. Putting content at a place (create, duplicate, move in, transfer in): `create` on the
 *    collection, or, at the top level, the organization's `createContent`.
 * 2. Taking content out of a place (a move to another parent): the same right on the place
 *    it leaves. Who may not add to a collection may not empty it either.
 * 3. Taking content out of its organization (transfer): the organization admin role there.
 *    A grant on the item (or an ancestor, or to a team) is never enough.
 * 4. Bringing content into another organization (transfer): the organization admin role
 *    there, and rule 1 at the place it lands.
 * 5. Deleting a collection, which deletes everything below it: `admin` on the collection and
 *    on every collection and live space below it. Organization admins are admin on every
 *    item, so they always may; a member who administers the collection through its default
 *    level may not delete spaces or collections below it that restrict their own level.
 */
export const PLACEMENT_RULES = {
  enter: { topLevel: 'createContent', collection: 'create' },
  leave: { topLevel: 'createContent', collection: 'create' },
  transferOut: { organization: 'admin' },
  transferIn: { organization: 'admin' },
  removeCollection: { collection: 'admin', space: 'admin' },
} as const satisfies {
  enter: { topLevel: OrganizationAction; collection: CollectionAction };
  leave: { topLevel: OrganizationAction; collection: CollectionAction };
  transferOut: { organization: OrganizationAction };
  transferIn: { organization: OrganizationAction };
  removeCollection: { collection: CollectionAction; space: SpaceAction };
};
