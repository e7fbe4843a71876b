import { z } from 'zod';
import { callerOf } from '../../core/context';
import { unauthenticated } from '../../core/errors';
import { operation } from '../../core/operation';
import { wantsNotificationMail } from '../mail/notification-mail';
import type { UserRecord } from '../records';

export const UserPreferencesSchema = z
  .object({
    object: z.literal('user-preferences').describe('Always "user-preferences"'),
    emailNotifications: z
      .boolean()
      .describe('Whether review requests and mentions are also sent by mail (on by default)'),
  })
  .meta({ id: 'UserPreferences', description: "The authenticated user's own preferences" });
export type UserPreferences = z.infer<typeof UserPreferencesSchema>;

const presentPreferences = (user: UserRecord): UserPreferences => ({
  object: 'user-preferences',
  emailNotifications: wantsNotificationMail(user),
});

/** `GET /v1/user/preferences`: the caller's own preferences (Quire's own; GitBook has none). */
export const getOwnPreferences = operation({
  name: 'user.preferences.get',
  kind: 'query',
  summary: 'Get the preferences of the authenticated user',
  input: z.strictObject({}),
  output: UserPreferencesSchema,
  async run(ctx) {
    const user = await ctx.repos.users.findById(callerOf(ctx).userId);
    if (!user) throw unauthenticated();
    return presentPreferences(user);
  },
});

/**
 * `PATCH /v1/user/preferences`: changes the caller's own preferences; only the fields sent.
 * A value of the wrong type is a 400 naming the field, and nothing is written.
 */
export const updateOwnPreferences = operation({
  name: 'user.preferences.update',
  kind: 'mutation',
  summary: 'Change the preferences of the authenticated user',
  input: z.strictObject({
    emailNotifications: z
      .boolean()
      .optional()
      .describe('Whether review requests and mentions are also sent by mail'),
  }),
  output: UserPreferencesSchema,
  async run(ctx, input) {
    const { userId } = callerOf(ctx);
    const user =
      input.emailNotifications === undefined
        ? await ctx.repos.users.findById(userId)
        : await ctx.repos.users.update(userId, { emailNotifications: input.emailNotifications });
    if (!user) throw unauthenticated();
    return presentPreferences(user);
  },
});
