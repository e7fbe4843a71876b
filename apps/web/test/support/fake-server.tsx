/**
 * The app in jsdom, over a fake of the server: tRPC links that answer each procedure from a
 * table of handlers (an answer, or a refusal with the server's status and domain code), and
 * a memory history at the path the test opens. Calls are recorded for the test to check.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../../src/api/app-router';
import { createQuireApp, QuireAppView } from '../../src/app';

export type Handler = (input: unknown) => unknown;

export interface Call {
  path: string;
  input: unknown;
}

/** A refusal as the server sends it: tRPC's error with the REST status and the domain code. */
export function refusal(
  httpStatus: number,
  domainCode: string,
  message: string,
  /** More of the error's data, as the server adds it (`conflicts`). */
  extra: Record<string, unknown> = {},
): TRPCClientError<AppRouter> {
  return new TRPCClientError(message, {
    result: {
      error: { code: -32600, message, data: { httpStatus, domainCode, code: 'BAD_REQUEST', ...extra } },
    },
  } as never);
}

export function fakeLinks(handlers: Record<string, Handler>, calls: Call[]): TRPCLink<AppRouter>[] {
  return [
    () =>
      ({ op }) =>
        observable((observer) => {
          calls.push({ path: op.path, input: op.input });
          // Subscriptions stay open and quiet.
          if (op.type === 'subscription') return () => {};
          const handler = handlers[op.path];
          Promise.resolve()
            .then(() => {
              if (!handler) throw refusal(404, 'not_found', `No handler for ${op.path} in this test`);
              return handler(op.input);
            })
            .then(
              (data) => {
                observer.next({ result: { type: 'data', data } });
                observer.complete();
              },
              (error: unknown) =>
                observer.error(
                  error instanceof TRPCClientError ? error : TRPCClientError.from(error as Error),
                ),
            );
          return () => {};
        }),
  ];
}

/** Renders the whole app at `path`; `calls` records every call it makes. */
export function renderApp(path: string, handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const app = createQuireApp({
    links: fakeLinks(handlers, calls),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(<QuireAppView app={app} />);
  return { ...view, app, calls };
}

export const callsTo = (calls: readonly Call[], path: string) => calls.filter((call) => call.path === path);
