/** `/admin/users/{userId}/tokens`: instance administrators issue, list and revoke API tokens. */
import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { IdSchema } from '../../core/schemas';
import {
  ApiTokenSchema,
  IssuedApiTokenSchema,
  presentApiToken,
  presentIssuedApiToken,
} from '../api-token-schema';
import { issueApiToken } from '../api-tokens';
import { TokenNameSchema } from '../user-fields';
import { findUserOrFail } from './find-user';

const userIdField = IdSchema.describe('Id of the user');

export const createTokenAsAdmin = operation({
  name: 'admin.tokens.create',
  kind: 'mutation',
  summary:
    'Issue an API token for a user; the token is shown only in this response (instance administrators)',
  access: 'instanceAdmin',
  input: z.strictObject({
    userId: userIdField,
    /** A label to recognise the token by, e.g. where it is used. */
    name: TokenNameSchema,
  }),
  output: IssuedApiTokenSchema,
  async run(ctx, input) {
    return presentIssuedApiToken(ctx.urls, await issueApiToken(ctx, input));
  },
});

export const listTokensAsAdmin = operation({
  name: 'admin.tokens.list',
  kind: 'query',
  summary: "List a user's API tokens, revoked ones included, never their secrets (instance administrators)",
  access: 'instanceAdmin',
  input: z.strictObject({ userId: userIdField, ...pagingShape }),
  output: pageSchemaOf(ApiTokenSchema),
  async run(ctx, input) {
    await findUserOrFail(ctx, input.userId);
    const [slice, count] = await Promise.all([
      ctx.repos.apiTokens.listByUser(input.userId, pageRequest(input)),
      ctx.repos.apiTokens.countByUser(input.userId),
    ]);
    return toPage(slice, count, (token) => presentApiToken(ctx.urls, token));
  },
});

export const getTokenAsAdmin = operation({
  name: 'admin.tokens.get',
  kind: 'query',
  summary: "Get one of a user's API tokens, without its secret (instance administrators)",
  access: 'instanceAdmin',
  input: z.strictObject({ userId: userIdField, tokenId: IdSchema.describe('Id of the token') }),
  output: ApiTokenSchema,
  async run(ctx, input) {
    const token = await ctx.repos.apiTokens.findById(input.tokenId);
    if (!token || token.userId !== input.userId) throw notFound('API token');
    return presentApiToken(ctx.urls, token);
  },
});

export const revokeTokenAsAdmin = operation({
  name: 'admin.tokens.revoke',
  kind: 'mutation',
  summary: 'Revoke an API token: it authenticates no further request (instance administrators)',
  access: 'instanceAdmin',
  input: z.strictObject({ userId: userIdField, tokenId: IdSchema.describe('Id of the token') }),
  output: z.null(),
  async run(ctx, input) {
    const token = await ctx.repos.apiTokens.findById(input.tokenId);
    // Idempotent: a missing token, or one of another user, is 204 and changes nothing.
    if (token?.userId === input.userId)
      await ctx.repos.apiTokens.revoke(token.id, ctx.clock.now().toISOString());
    return null;
  },
});
