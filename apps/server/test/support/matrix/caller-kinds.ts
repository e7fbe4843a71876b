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
 *
 * And a caller who is nobody's: `siteToken`, the bearer of a site API token (the `apiToken`
 * of `POST /v1/urls/published`), a visitor of a published site of the organization that
 * shows a space of its own, which no case acts on. A case states nothing for it unless it
 * reads that site: writes are refused (403) and reads find nothing (404) everywhere else
 * (`siteTokenDefault`).
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
  'siteToken',
] as const;

export type MatrixCallerKind = (typeof MATRIX_CALLER_KINDS)[number];

/** The callers whose expectations a case states (`Expected`): all but the site token's visitor. */
export type StatedCallerKind = Exclude<MatrixCallerKind, 'siteToken'>;

export const STATED_CALLER_KINDS: readonly StatedCallerKind[] = MATRIX_CALLER_KINDS.filter(
  (kind): kind is StatedCallerKind => kind !== 'siteToken',
);

/** The callers who are members of the matrix's organization. */
export type MemberKind = Exclude<StatedCallerKind, 'otherOrganization' | 'instanceAdmin' | 'anonymous'>;

export const isMemberKind = (kind: MatrixCallerKind): kind is MemberKind =>
  kind !== 'otherOrganization' && kind !== 'instanceAdmin' && kind !== 'anonymous' && kind !== 'siteToken';

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
