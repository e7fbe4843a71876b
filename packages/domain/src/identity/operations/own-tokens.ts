/** The caller's own API tokens: create one, list them, revoke one (for example a leaked one). */
import { z } from 'zod';
import { callerOf, type OperationContext } from '../../core/context';
import { conflict } from '../../core/errors';
import { operation } from '../../core/operation';
import {
  MAX_PAGE_LIMIT,
  type PageRequest,
  pageRequest,
  pageSchemaOf,
  pagingShape,
  toPage,
} from '../../core/paging';
import { IdSchema } from '../../core/schemas';
import { assertMayIssueOwnToken } from '../../policies/token-issuing';
import {
  ApiTokenSchema,
  IssuedApiTokenSchema,
  presentApiToken,
  presentIssuedApiToken,
} from '../api-token-schema';
import { issueApiToken } from '../api-tokens';
import { TokenNameSchema } from '../user-fields';

/** Tokens a person may hold unrevoked at once. */
export const MAX_LIVE_OWN_TOKENS = 50;
/**
 * Tokens kept for a person, revoked ones included (they stay, for the audit of who used
 * what): past this, creating one more is refused, so that creating and revoking in a loop
 * cannot grow the store without end.
 */
export const MAX_KEPT_OWN_TOKENS = 500;

/** How many of the user's tokens are not revoked (at most `MAX_KEPT_OWN_TOKENS` read). */
async function liveTokenCount(ctx: OperationContext, userId: string): Promise<number> {
  let live = 0;
  let page: PageRequest = { limit: MAX_PAGE_LIMIT };
  for (;;) {
    const tokens = await ctx.repos.apiTokens.listByUser(userId, page);
    live += tokens.items.filter((token) => !token.revokedAt).length;
    if (!tokens.next) return live;
    page = { limit: MAX_PAGE_LIMIT, after: tokens.next };
  }
}

/**
 * `POST /v1/user/tokens`: the caller creates an API token for themselves, shown in this answer
 * only (Quire's own route; GitBook's people make theirs in its app). Outcomes:
 * - 201 with the token: a browser session the rules allow (`policies/token-issuing.ts`);
 * - 403, nothing written: an API token or a site token (rule 1), a session an identity
 *   provider opened (rule 3), a session an organization of the person holds to single
 *   sign-on refuses (rule 4); a cookie without the session's CSRF token (the request gate);
 * - 409, nothing written: `MAX_LIVE_OWN_TOKENS` unrevoked already, or `MAX_KEPT_OWN_TOKENS`
 *   kept in all;
 * - 400 naming `name`: a name that is empty or longer than 64 characters once trimmed.
 */
export const createOwnToken = operation({
  name: 'user.tokens.create',
  kind: 'mutation',
  summary:
    'Create an API token for the authenticated user from a signed-in browser; it is shown only in this response',
  input: z.strictObject({
    /** A label to recognise the token by, e.g. where it is used. */
    name: TokenNameSchema,
  }),
  output: IssuedApiTokenSchema,
  async run(ctx, input) {
    await assertMayIssueOwnToken(ctx);
    const { userId } = callerOf(ctx);
    if ((await ctx.repos.apiTokens.countByUser(userId)) >= MAX_KEPT_OWN_TOKENS)
      throw conflict(
        `You have ${MAX_KEPT_OWN_TOKENS} API tokens kept, revoked ones included: ask an instance administrator for another`,
      );
    if ((await liveTokenCount(ctx, userId)) >= MAX_LIVE_OWN_TOKENS)
      throw conflict(
        `You have ${MAX_LIVE_OWN_TOKENS} API tokens in use: revoke one you no longer need first`,
      );
    return presentIssuedApiToken(ctx.urls, await issueApiToken(ctx, { userId, name: input.name }));
  },
});

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
