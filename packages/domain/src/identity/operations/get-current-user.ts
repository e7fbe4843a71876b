import { z } from 'zod';
import { callerOf } from '../../core/context';
import { unauthenticated } from '../../core/errors';
import { operation } from '../../core/operation';
import { presentUser, UserSchema } from '../user-schema';

/** `GET /v1/user`: the user the API token belongs to. */
export const getCurrentUser = operation({
  name: 'user.get',
  kind: 'query',
  summary: 'Get the user the API token belongs to',
  input: z.strictObject({}),
  output: UserSchema,
  async run(ctx) {
    const user = await ctx.repos.users.findById(callerOf(ctx).userId);
    // Authentication read the user a moment ago; it can only be gone if deleted since.
    if (!user) throw unauthenticated();
    return presentUser(ctx.urls, user);
  },
});
