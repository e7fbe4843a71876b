/** A signed-in browser of the web app as its user sees it in their settings, and its presenter. */
import { z } from 'zod';
import { TimestampSchema } from '../core/schemas';
import type { SessionRecord } from './records';

export const SessionSchema = z
  .object({
    object: z.literal('session').describe('Always "session"'),
    id: z.string().describe('Id of the session'),
    /** The session the request that lists them came with (the browser looking at the list). */
    current: z.boolean().describe('Whether the request came with this session'),
    createdAt: TimestampSchema.describe('When the browser signed in'),
    /** Updated at most once a minute. */
    lastSeenAt: TimestampSchema.describe('When the session was last used (to the minute)'),
    expiresAt: TimestampSchema.describe('When the session ends unless it is used again'),
    userAgent: z.string().optional().describe('The browser, as it named itself when signing in'),
    address: z.string().describe('The address the browser signed in from'),
  })
  .meta({ id: 'Session', description: 'A browser signed in to the web app as the user' });

export type Session = z.infer<typeof SessionSchema>;

export function presentSession(session: SessionRecord, currentSessionId: string | undefined): Session {
  return {
    object: 'session',
    id: session.id,
    current: session.id === currentSessionId,
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    expiresAt: session.expiresAt,
    ...(session.userAgent ? { userAgent: session.userAgent } : {}),
    address: session.address,
  };
}
