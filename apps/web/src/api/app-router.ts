/**
 * The type of the server's tRPC router: the only thing the app knows of the server (a type:
 * nothing of the server is bundled).
 */
import type { AppRouter } from '@quire/server/trpc';
import type { inferRouterOutputs } from '@trpc/server';

export type { AppRouter };

export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** A signed-in browser: who, and the token its cookie-authenticated mutations must send. */
export type Session = NonNullable<RouterOutputs['session']['current']>;
