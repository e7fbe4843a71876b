import { z } from 'zod';
import { callerOf } from '../../core/context';
import { operation } from '../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { presentSession, SessionSchema } from '../session-schema';

/**
 * `GET /v1/user/sessions`: the browsers signed in to the web app as the caller, oldest first,
 * expired ones left out; the one the request came with is `current`. Never a cookie secret.
 */
export const listOwnSessions = operation({
  name: 'user.sessions.list',
  kind: 'query',
  summary: 'List the web app sessions of the authenticated user (the browsers signed in as them)',
  input: z.strictObject({ ...pagingShape }),
  output: pageSchemaOf(SessionSchema),
  async run(ctx, input) {
    const { userId, sessionId } = callerOf(ctx);
    const now = ctx.clock.now().toISOString();
    const [slice, count] = await Promise.all([
      ctx.repos.sessions.listByUser(userId, now, pageRequest(input)),
      ctx.repos.sessions.countByUser(userId, now),
    ]);
    return toPage(slice, count, (session) => presentSession(session, sessionId));
  },
});
