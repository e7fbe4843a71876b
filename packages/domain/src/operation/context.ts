import type { Clock } from '../ports/clock';
import type { IdSource } from '../ports/ids';
import type { Repositories } from '../ports/repositories';
import type { Secrets } from '../ports/secrets';

/** The authenticated caller of an operation. */
export interface Caller {
  userId: string;
  tokenId: string;
  /** Instance administrators manage users and tokens; they see no organization they are not in. */
  isInstanceAdmin: boolean;
}

/** Base URLs that absolute `urls` are built from. */
export interface PublicUrls {
  /** Base of the API (`urls.location`), e.g. https://docs.example.com. No trailing slash. */
  api: string;
  /** Base of the app (`urls.app`). No trailing slash. */
  app: string;
}

export interface OperationContext {
  caller: Caller | null;
  repos: Repositories;
  clock: Clock;
  ids: IdSource;
  secrets: Secrets;
  urls: PublicUrls;
}

/** The caller of an operation whose access is 'user' or stricter (checked before `run`). */
export function callerOf(ctx: OperationContext): Caller {
  if (!ctx.caller) throw new Error('callerOf: operation ran without an authenticated caller');
  return ctx.caller;
}

/** Everything an operation context holds but the caller: what domain functions outside operations use. */
export type DomainServices = Omit<OperationContext, 'caller'>;
