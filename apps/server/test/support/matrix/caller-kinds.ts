/**
 * The callers of the permission matrix. Beside every organization role, a guest, a member
 * of another organization, an instance administrator who is no member, and no token, four
 * callers hold a grant, each the way the access model can give one:
 *
 * - `readerWithGrant`: a reader holding an admin grant on the item itself (a user grant);
 * - `guestWithGrant`: a guest holding an admin grant on the item itself;
 * - `teamGrant`: a reader in a team that holds an admin grant on the item;
 * - `ancestorGrant`: a guest holding an admin grant on a collection the item is in.
 *
 * "The item" is the space or collection a route acts on (`matrix-fixture.ts` places every
 * item so that these grants apply to it). A grant is about content: on the organization,
 * its holder has no more than their organization role.
 */
import type { Role } from '@quire/domain';

export const MATRIX_CALLER_KINDS = [
  'admin',
  'create',
  'review',
  'edit',
  'comment',
  'read',
  'guest',
  'readerWithGrant',
  'guestWithGrant',
  'teamGrant',
  'ancestorGrant',
  'otherOrganization',
  'instanceAdmin',
  'anonymous',
] as const;

export type MatrixCallerKind = (typeof MATRIX_CALLER_KINDS)[number];

/** The callers who are members of the matrix's organization. */
export type MemberKind = Exclude<MatrixCallerKind, 'otherOrganization' | 'instanceAdmin' | 'anonymous'>;

export const isMemberKind = (kind: MatrixCallerKind): kind is MemberKind =>
  kind !== 'otherOrganization' && kind !== 'instanceAdmin' && kind !== 'anonymous';

/** Each member's role in the organization (null: a guest). */
export const ORGANIZATION_ROLE_OF: Record<MemberKind, Role | null> = {
  admin: 'admin',
  create: 'create',
  review: 'review',
  edit: 'edit',
  comment: 'comment',
  read: 'read',
  guest: null,
  readerWithGrant: 'read',
  guestWithGrant: null,
  teamGrant: 'read',
  ancestorGrant: null,
};

/**
 * Each member's effective role on the matrix's items (whose default levels all inherit):
 * their organization role, nothing for a guest, admin for every grant holder.
 */
export const ITEM_ROLE_OF: Record<MemberKind, Role | null> = {
  ...ORGANIZATION_ROLE_OF,
  readerWithGrant: 'admin',
  guestWithGrant: 'admin',
  teamGrant: 'admin',
  ancestorGrant: 'admin',
};
