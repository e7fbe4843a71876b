/** The caller's own API tokens: list them, revoke one (for example a leaked one). */
import { z } from 'zod';
import { callerOf } from '../../core/context';
import { operation } from '../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { IdSchema } from '../../core/schemas';
import { ApiTokenSchema, presentApiToken } from '../api-token-schema';

export const listOwnTokens = operation({
  name: 'user.tokens.list',
  kind: 'query',
  summary: 'List the API tokens of the authenticated user (never their secrets)',
  input: z.strictObject({ ...pagingShape }),
  output: pageSchemaOf(ApiTokenSchema),
  async run(ctx, input) {
    const { userId } = callerOf(ctx);
    const [slice, count] = await Promise.all([
      ctx.repos.apiTokens.listByUser(userId, pageRequest(input)),
      ctx.repos.apiTokens.countByUser(userId),
    ]);
    return toPage(slice, count, (token) => presentApiToken(ctx.urls, token));
  },
});

export const revokeOwnToken = operation({
  name: 'user.tokens.revoke',
  kind: 'mutation',
  summary: 'Revoke one of the API tokens of the authenticated user',
  input: z.strictObject({
    /** Id of the token (from the list), not its secret. */
    tokenId: IdSchema.describe('Id of the token to revoke'),
  }),
  output: z.null(),
  async run(ctx, input) {
    const { userId } = callerOf(ctx);
    const token = await ctx.repos.apiTokens.findById(input.tokenId);
    // Someone else's token is treated as missing: 204 either way, nothing revealed.
    if (token?.userId === userId) await ctx.repos.apiTokens.revoke(token.id, ctx.clock.now().toISOString());
    return null;
  },
});
