/**
 * The tRPC face's router: every operation of the registry (`operations-router.ts`), plus
 * what only the web app's face has: `session` (signing in and out, `session-router.ts`) and
 * `live` (subscriptions to the event bus, over server-sent events). `AppRouter` is exported
 * for the web app.
 */
import { type Operations, operations } from '@quire/domain';
import type { TRPCBuiltRouter } from '@trpc/server';
import { liveRouter } from './live-router';
import { type RouterRecordOf, routerRecordOf } from './operations-router';
import { sessionRouter } from './session-router';
import { type RootTypes, t } from './trpc-init';

export { type TrpcContext, toTrpcError } from './trpc-init';

type AppRouterRecord = RouterRecordOf<Operations> & {
  session: (typeof sessionRouter)['_def']['record'];
  live: (typeof liveRouter)['_def']['record'];
};

export type AppRouter = TRPCBuiltRouter<RootTypes, AppRouterRecord>;

export const appRouter = t.router({
  ...routerRecordOf(operations),
  session: sessionRouter,
  live: liveRouter,
}) as unknown as AppRouter;
