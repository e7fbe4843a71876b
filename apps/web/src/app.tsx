/**
 * The app: one query cache, the tRPC client over it, the router. A call refused because the
 * session is gone (expired, revoked, signed out in another tab) leads to the sign-in screen,
 * which comes back to where the person was.
 */
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RouterHistory, RouterProvider } from '@tanstack/react-router';
import type { TRPCLink } from '@trpc/client';
import { isUnauthenticated } from './api/api-error';
import type { AppRouter } from './api/app-router';
import { createTrpc, serverLinks, TRPCProvider, type Trpc, type TrpcClient } from './api/trpc';
import { createQuireRouter } from './router';
import { csrfTokenOf, rememberSession } from './session/session-queries';

export interface QuireApp {
  queryClient: QueryClient;
  client: TrpcClient;
  trpc: Trpc;
  router: ReturnType<typeof createQuireRouter>;
}

/** The app's parts; tests replace the links to the server and the browser's history. */
export function createQuireApp(
  options: { links?: TRPCLink<AppRouter>[]; history?: RouterHistory } = {},
): QuireApp {
  const onError = (error: unknown) => {
    if (isUnauthenticated(error)) app.onSessionGone();
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // A refusal does not change by asking again; an unreachable server may.
        retry: (count, error) => count < 2 && !(error as { data?: { httpStatus?: number } }).data?.httpStatus,
      },
    },
  });
  const links = options.links ?? serverLinks(() => csrfTokenOf(queryClient, app.trpc));
  const { client, trpc } = createTrpc(queryClient, links);
  const router = createQuireRouter({ queryClient, trpc }, options.history);
  const app = {
    queryClient,
    client,
    trpc,
    router,
    onSessionGone() {
      rememberSession(queryClient, trpc, null);
      const { pathname, href } = router.state.location;
      if (pathname === '/sign-in') return;
      void router.navigate({ to: '/sign-in', search: { redirect: href } });
    },
  };
  return app;
}

export function QuireAppView({ app }: { app: QuireApp }) {
  return (
    <QueryClientProvider client={app.queryClient}>
      <TRPCProvider trpcClient={app.client} queryClient={app.queryClient}>
        <RouterProvider router={app.router} />
      </TRPCProvider>
    </QueryClientProvider>
  );
}
