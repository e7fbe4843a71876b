/**
 * Team member references as GitBook's API takes them: a user id, or an email address
 * (`PUT ORG/teams/{teamId}/members` accepts both). Each must name a member of the
 * organization; a bad one is refused with the field path of its position.
 */
import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { invalidInput } from '../../core/errors';
import type { MemberRecord } from '../records';

/** A user id or an email address of a member of the organization. */
export const MemberReferenceSchema = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .describe('User id or email address of a member of the organization');

/** At most this many references in one request. */
export const MAX_MEMBER_REFERENCES = 1000;

export const isEmailReference = (reference: string): boolean => reference.includes('@');

/** The member a reference names, or null when it names no member of the organization. */
export async function findMemberByReference(
  ctx: OperationContext,
  organizationId: string,
  reference: string,
): Promise<MemberRecord | null> {
  if (!isEmailReference(reference)) return ctx.repos.members.find(organizationId, reference);
  const user = await ctx.repos.users.findByEmail(reference.toLowerCase());
  return user ? ctx.repos.members.find(organizationId, user.id) : null;
}

/**
 * Resolves references to members; the first that names no member of the organization is
 * refused as `${field}.${index}` (or `${field}` alone when `indexed` is false).
 */
export async function resolveMemberReferences(
  ctx: OperationContext,
  organizationId: string,
  references: readonly string[],
  field: string,
  options: { indexed: boolean } = { indexed: true },
): Promise<MemberRecord[]> {
  const members = await Promise.all(references.map((ref) => findMemberByReference(ctx, organizationId, ref)));
  return members.map((member, index) => {
    if (!member) {
      const path = options.indexed ? `${field}.${index}` : field;
      throw invalidInput(path, `"${references[index]}" is not a member of this organization`);
    }
    return member;
  });
}
