import { z } from 'zod';
import { callerOf } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { IdSchema } from '../../core/schemas';
import { isSessionLive } from '../sessions';

/**
 * `DELETE /v1/user/sessions/{sessionId}`: signs a browser out (the current one included: its
 * next request is not signed in). Outcomes: 204 when the caller's session is revoked; 404
 * 'Session not found' for an unknown id, an expired session, or another user's session, the
 * same answer, so that nobody learns which ids exist.
 */
export const revokeOwnSession = operation({
  name: 'user.sessions.revoke',
  kind: 'mutation',
  summary: 'Revoke one of the web app sessions of the authenticated user (sign that browser out)',
  input: z.strictObject({ sessionId: IdSchema.describe('Id of the session to revoke') }),
  output: z.null(),
  async run(ctx, input) {
    const { userId } = callerOf(ctx);
    const session = await ctx.repos.sessions.findById(input.sessionId);
    if (!session || !isSessionLive(session, ctx.clock.now()) || session.userId !== userId)
      throw notFound('Session');
    await ctx.repos.sessions.revoke(session.id);
    return null;
  },
});
