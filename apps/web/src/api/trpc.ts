/**
 * The tRPC client of the app and its TanStack Query integration. Queries and mutations go
 * through `httpBatchLink` (calls made in the same tick share one request), subscriptions
 * through `httpSubscriptionLink` (server-sent events). A signed-in browser is authenticated by
 * its httpOnly session cookie, which the browser sends by itself; mutations must also carry
 * the session's CSRF token, read from the cached `session.current`.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createTRPCClient,
  httpBatchLink,
  httpSubscriptionLink,
  splitLink,
  type TRPCLink,
} from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from './app-router';

/** The header that carries the CSRF token of the session (the server checks it on mutations). */
export const CSRF_HEADER = 'x-quire-csrf';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export type TrpcClient = ReturnType<typeof createTRPCClient<AppRouter>>;
export type Trpc = ReturnType<typeof createTRPCOptionsProxy<AppRouter>>;

/** The links to the server at `/trpc`; `csrfToken` reads the current session's token, if any. */
export function serverLinks(csrfToken: () => string | undefined): TRPCLink<AppRouter>[] {
  return [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({ url: '/trpc' }),
      false: httpBatchLink({
        url: '/trpc',
        // The server answers at most 10 calls in one request.
        maxItems: 10,
        headers() {
          const token = csrfToken();
          return token === undefined ? {} : { [CSRF_HEADER]: token };
        },
      }),
    }),
  ];
}

/** The client and the query-options proxy over `links`, sharing `queryClient`'s cache. */
export function createTrpc(queryClient: QueryClient, links: TRPCLink<AppRouter>[]) {
  const client = createTRPCClient<AppRouter>({ links });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  return { client, trpc };
}
