/**
 * `PATCH /v1/users/{userId}` (GitBook's `updateUserById`): a person changes their own name or
 * picture; an instance administrator, anyone's. Outcomes, in order:
 *
 * 1. No field to change (`{}`): 400 on `displayName`.
 * 2. No such user, or one the caller may not see (`users.get`'s rules): 404 'User not found',
 *    the same answer, so no one probes which ids exist.
 * 3. Someone else's account the caller sees through a shared organization: 403 (only its
 *    owner and instance administrators change an account).
 * 4. The user is changed (`photoURL: null` removes the picture), then the copies its
 *    memberships keep of it (`MemberRepository.updateUserCopies`), so member lists, searches
 *    and mentions show the new name at once. A crash between the two leaves the copies as
 *    they were until the next change of the user rewrites them all (a retry of the same
 *    request does).
 */
import { z } from 'zod';
import { callerOf } from '../../core/context';
import { forbidden, notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { IdSchema } from '../../core/schemas';
import type { UserRecord } from '../records';
import { DisplayNameSchema } from '../user-fields';
import { UserSchema } from '../user-schema';
import { presentUserAs } from '../user-view';
import { userViewOf } from './get-user';

export const UpdateUserInputSchema = z
  .strictObject({
    userId: IdSchema.describe('Id of the user'),
    displayName: DisplayNameSchema.optional(),
    photoURL: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .nullable()
      .optional()
      .describe('URL of the picture of the user (http or https, at most 2048 characters); null removes it'),
  })
  .refine((input) => input.displayName !== undefined || input.photoURL !== undefined, {
    path: ['displayName'],
    message: 'give a displayName or a photoURL to change',
  });

export const updateUser = operation({
  name: 'users.update',
  kind: 'mutation',
  summary: "Change a user's name or picture: one's own, or anyone's for instance administrators",
  input: UpdateUserInputSchema,
  output: UserSchema,
  async run(ctx, input) {
    const user = await ctx.repos.users.findById(input.userId);
    const view = user && (await userViewOf(ctx, user));
    if (!user || !view) throw notFound('User');
    const caller = callerOf(ctx);
    if (caller.userId !== user.id && !caller.isInstanceAdmin)
      throw forbidden('Only the owner of an account, or an instance administrator, changes it');
    const set: Partial<Pick<UserRecord, 'displayName' | 'photoURL'>> = {};
    if (input.displayName !== undefined) set.displayName = input.displayName;
    if (typeof input.photoURL === 'string') set.photoURL = input.photoURL;
    const changed = await ctx.repos.users.update(user.id, set, input.photoURL === null ? ['photoURL'] : []);
    if (!changed) throw notFound('User');
    await ctx.repos.members.updateUserCopies(changed.id, {
      displayName: changed.displayName,
      email: changed.email,
      ...(changed.photoURL ? { photoURL: changed.photoURL } : {}),
    });
    return presentUserAs(ctx, changed, view);
  },
});
