/**
 * The content rule set: what each action on a space or a collection needs, as the least
 * effective role (see `access/effective-role.ts`). One table per resource kind drives both
 * the guards (`authorizeSpace`, `authorizeCollection`) and the `permissions` objects of
 * every Space and Collection resource, so they cannot disagree.
 */
import { type Role, roleAtLeast } from '../schemas/common';

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
