/**
 * The roles a person can hold, as the app names them: the content roles from the most to
 * the least, and "guest" for an organization member without one (the API's null).
 */
export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];

/** An organization member's role: one of the roles, or null for a guest. */
export type RoleOrGuest = Role | null;

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: 'Admin',
  create: 'Creator',
  review: 'Reviewer',
  edit: 'Editor',
  comment: 'Commenter',
  read: 'Reader',
};

/** The value of a role in a `<select>` (guests have no role: the empty string). */
export const roleValueOf = (role: RoleOrGuest): string => role ?? '';

export const roleOfValue = (value: string): RoleOrGuest =>
  (ROLES as readonly string[]).includes(value) ? (value as Role) : null;

export const roleLabelOf = (role: RoleOrGuest): string => (role === null ? 'Guest' : ROLE_LABELS[role]);
