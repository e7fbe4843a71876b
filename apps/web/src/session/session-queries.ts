/**
 * The session of this browser, as the app reads and changes it: `session.current` is the
 * one source of who is signed in (and of the CSRF token mutations send).
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Session } from '../api/app-router';
import { type Trpc, useTRPC } from '../api/trpc';

export const sessionQuery = (trpc: Trpc) =>
  trpc.session.current.queryOptions(undefined, { staleTime: 60_000 });

export function useSession(): Session | null | undefined {
  const trpc = useTRPC();
  return useQuery(sessionQuery(trpc)).data;
}

/** Records a session just made (signed in, joined), so the app needs no second round trip. */
export function rememberSession(queryClient: QueryClient, trpc: Trpc, session: Session | null): void {
  queryClient.setQueryData(sessionQuery(trpc).queryKey, session);
}

/** The current session's CSRF token, as cached. */
export function csrfTokenOf(queryClient: QueryClient, trpc: Trpc): string | undefined {
  return queryClient.getQueryData(sessionQuery(trpc).queryKey)?.csrfToken;
}

/**
 * Where to go after signing in: a path of this app only (an absolute or protocol-relative
 * URL would send the person elsewhere), `/` otherwise.
 */
export function safeRedirect(target: string | undefined): string {
  if (target === undefined || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return '/';
  return target;
}
