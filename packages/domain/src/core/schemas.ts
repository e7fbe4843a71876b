/**
 * Schemas shared by every area. Entity schemas carry `.meta({ id })`: that name becomes
 * the OpenAPI component and the GraphQL type.
 */
import { z } from 'zod';

/** An opaque id, as it appears in paths and bodies. */
export const IdSchema = z.string().min(1).max(128);

/** ISO 8601 date-time string. */
export const TimestampSchema = z.string().describe('ISO 8601 date-time');

/** An absolute URL. */
export const UrlSchema = z.string();

/** Organization roles, from the most to the least powerful. */
export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;

export const RoleSchema = z.enum(ROLES).meta({
  id: 'MemberRole',
  description:
    'admin: administrate content; create: create content; review: review content; edit: edit content; comment: access content and discussions; read: access content only',
});
export type Role = z.infer<typeof RoleSchema>;

/** A role, or null for a guest (a member without an organization-wide role). */
export const RoleOrGuestSchema = RoleSchema.nullable();
export type RoleOrGuest = Role | null;

const roleRank: Record<Role, number> = { admin: 6, create: 5, review: 4, edit: 3, comment: 2, read: 1 };

/** True when `role` is at least `required` in the role order. */
export function roleAtLeast(role: RoleOrGuest | undefined, required: Role): boolean {
  return role != null && roleRank[role] >= roleRank[required];
}

/** The stronger of two roles (null and undefined count as nothing). */
export function strongerRole(a: RoleOrGuest | undefined, b: RoleOrGuest | undefined): RoleOrGuest {
  if (a == null) return b ?? null;
  if (b == null) return a;
  return roleRank[a] >= roleRank[b] ? a : b;
}

export const SortOrderSchema = z.enum(['asc', 'desc']);
