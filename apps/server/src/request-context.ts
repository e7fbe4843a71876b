/**
 * What a face needs to run operations for one request: the operation context (the services
 * shared by every request, plus the caller resolved from `Authorization: Bearer`) and the
 * rate-limit meter that charges each operation to the caller's token.
 */
import type {
  Caller,
  Clock,
  ContentImports,
  ContentTemplates,
  IdSource,
  IncomingFiles,
  OperationContext,
  PdfLinks,
  PublicUrls,
  Repositories,
  Secrets,
} from '@quire/domain';
import type { StoredBlobs } from '@quire/persistence';
import type { RateLimits, RateState } from './http/rate-limits';
import type { TokenCache } from './http/token-cache';

export interface Services {
  repos: Repositories;
  clock: Clock;
  ids: IdSource;
  secrets: Secrets;
  urls: PublicUrls;
  incomingFiles: IncomingFiles;
  contentImports: ContentImports;
  contentTemplates: ContentTemplates;
  pdfLinks: PdfLinks;
  /** The key PDF links are signed with (`content-exports/server-pdf-links.ts`). */
  pdfLinkKey: Uint8Array;
  /** The bytes of files, served by `/files/:hash` (`files/file-downloads.ts`). */
  blobs: StoredBlobs;
}

/** One request's way to run operations (see `runOperation`). */
export interface RequestAccess {
  ctx: OperationContext;
  /** Charges one operation to the caller's token; rejects with 'rate_limited' once it is spent. */
  charge(): Promise<void>;
}

export interface RequestFacts {
  authorization: string | undefined;
  /** The client's address (Fastify's `request.ip`, which honours QUIRE_TRUST_PROXY). */
  address: string;
  /** Called with the budget left after each charge, to send the `X-RateLimit-*` headers. */
  onRateState(state: RateState, retryAfterSeconds?: number): void;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

async function callerFromAuthorization(
  tokens: TokenCache,
  authorization: string | undefined,
): Promise<Caller | null> {
  const token = authorization ? BEARER.exec(authorization)?.[1] : undefined;
  if (!token) return null;
  return tokens.authenticate(token);
}

/** Opens requests: authenticates, guards the address budget, and meters operations. */
export class RequestGate {
  constructor(
    readonly services: Services,
    readonly limits: RateLimits,
    readonly tokens: TokenCache,
  ) {}

  /**
   * Authenticates the request. An address that spent its budget of failed authentications
   * is refused first (429), whatever its token; a missing or bad token costs the address a
   * point and leaves the caller null (the operation then answers 401).
   */
  async open(facts: RequestFacts): Promise<RequestAccess> {
    await this.limits.refuseBlockedAddress(facts.address);
    const caller = await callerFromAuthorization(this.tokens, facts.authorization);
    if (!caller) await this.limits.chargeFailedAuthentication(facts.address);
    const ctx: OperationContext = { ...this.services, caller };
    const limits = this.limits;
    return {
      ctx,
      async charge() {
        if (!caller) return;
        const { state, refusal } = await limits.chargeOperation(caller.tokenId);
        if (state) facts.onRateState(state, refusal?.details.retryAfterSeconds);
        if (refusal) throw refusal;
      },
    };
  }
}
