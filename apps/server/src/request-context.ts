/**
 * What a face needs to run operations for one request: the operation context (the services
 * shared by every request, plus the caller resolved from `Authorization: Bearer`, or else
 * from the web app's session cookie) and the rate-limit meter that charges each operation to
 * the caller's token or session.
 */
import {
  type AuditOrigin,
  authenticateSession,
  authenticateSiteToken,
  type Caller,
  type DomainError,
  forbidden,
  looksLikeSiteApiToken,
  type OperationAccess,
  type OperationContext,
  type Repositories,
  type SessionRecord,
  unauthenticated,
} from '@quire/domain';
import type { OperationCharge, RateLimits, RateState } from './http/rate-limits';
import type { TokenCache } from './http/token-cache';
import { visitorTokenCookieIn } from './http/visitor-token-cookie';
import type { Services } from './services';
import { sessionCookieIn } from './sessions/session-cookie';

/** One request's way to run operations (see `runOperation`). */
export interface RequestAccess {
  ctx: OperationContext;
  /** The web app session the request came with (its cookie authenticated it); absent otherwise. */
  session?: SessionRecord;
  /**
   * Charges one operation: to the caller's token or session budget, rejecting with
   * 'rate_limited' once it is spent. Without a caller (the operation is about to be refused
   * with 401), one failed authentication to the address instead, once per request. A
   * 'visitor' operation (default 'user') without any credential is charged to the address's
   * budget of operations instead; with a credential that did not authenticate it is refused
   * (401), never run as an anonymous visitor. An operation that `spends` something of the
   * caller's is refused (403) to a session cookie without the session's CSRF token, whatever
   * the method, before it is charged.
   */
  charge(access?: OperationAccess, spends?: string): Promise<void>;
  /** What the audit log records of the request beyond the caller (its user agent and id); absent outside HTTP. */
  readonly origin?: AuditOrigin;
}

export interface RequestFacts {
  authorization: string | undefined;
  /** The `Cookie` header: the web app's session cookie counts only without `authorization`. */
  cookie: string | undefined;
  /** The HTTP method: a cookie-authenticated request other than GET, HEAD, OPTIONS needs `csrfToken`. */
  method: string;
  /** The `x-quire-csrf` header. */
  csrfToken: string | undefined;
  /** The client's address (Fastify's `request.ip`, which honours QUIRE_TRUST_PROXY). */
  address: string;
  /** The `User-Agent` header, for the audit log. */
  userAgent?: string | undefined;
  /** The request's id (`X-Request-Id`), for the audit log. */
  requestId?: string | undefined;
  /** Called with the budget left after each charge, to send the `X-RateLimit-*` headers. */
  onRateState(state: RateState, retryAfterSeconds?: number): void;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Anonymous visitors share their address's budget of operations (token ids never start so). */
const ANONYMOUS_BUDGET_PREFIX = 'address:';

/** Methods that change nothing: a cookie-authenticated request with another needs the CSRF header. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Who the request's credential stands for; `presented` says whether it carried one at all. */
interface Authentication {
  caller: Caller | null;
  session?: SessionRecord;
  presented: boolean;
}

const NO_CREDENTIAL: Authentication = { caller: null, presented: false };

const csrfRefusal = (): DomainError =>
  forbidden(
    "Missing or wrong CSRF token: a signed-in browser sends its session's csrfToken as the " +
      '"x-quire-csrf" header with every request that changes or spends something',
  );

/**
 * A request's operation context: the services are its prototype, read through, never copied
 * (copying the twenty of them cost a small read about 5% of its time), and the caller and
 * visitor token are its own. The services stay the live object: what a test or the server
 * puts on them later (a wrapped repository) is what every request sees.
 */
function operationContext(
  services: Services,
  caller: Caller | null,
  clientAddress: string,
  visitorToken?: string,
): OperationContext {
  const ctx = Object.create(services) as OperationContext;
  ctx.caller = caller;
  ctx.clientAddress = clientAddress;
  if (visitorToken !== undefined) ctx.visitorToken = visitorToken;
  return ctx;
}

/**
 * The same request's context with other repositories in front (GraphQL's gathering ones):
 * the services again as its prototype, the caller, address and visitor token copied. Not a context
 * built on the request's context: a prototype made per request costs V8 a slow path.
 */
export function withRepositories(ctx: OperationContext, repos: Repositories): OperationContext {
  const derived = Object.assign(Object.create(Object.getPrototypeOf(ctx)) as OperationContext, ctx);
  derived.repos = repos;
  return derived;
}

/** The budget meter of one request (see `RequestAccess.charge`). */
class MeteredAccess implements RequestAccess {
  constructor(
    readonly ctx: OperationContext,
    readonly session: SessionRecord | undefined,
    readonly limits: RateLimits,
    readonly facts: RequestFacts,
    readonly presented: boolean,
    /** Whether this request already cost its address a failed authentication. */
    private failureCharged: boolean,
  ) {}

  get origin(): AuditOrigin {
    return { userAgent: this.facts.userAgent, requestId: this.facts.requestId };
  }

  charge(access: OperationAccess = 'user', spends?: string): Promise<void> {
    if (spends !== undefined && this.session && this.facts.csrfToken !== this.session.csrfToken)
      return Promise.reject(csrfRefusal());
    const caller = this.ctx.caller;
    if (caller) return this.chargeBudget(caller.tokenId);
    if (access === 'visitor' && !this.presented)
      return this.chargeBudget(ANONYMOUS_BUDGET_PREFIX + this.facts.address);
    return this.refuseUnauthenticated(access);
  }

  private chargeBudget(budget: string): Promise<void> {
    const charged = this.limits.chargeOperation(budget);
    // In memory the charge is known at once: no promise to wait for but the answer's.
    if (!(charged instanceof Promise)) return this.settle(charged);
    return charged.then((charge) => this.settle(charge));
  }

  private settle({ state, refusal }: OperationCharge): Promise<void> {
    if (state) this.facts.onRateState(state, refusal?.details.retryAfterSeconds);
    return refusal ? Promise.reject(refusal) : Promise.resolve();
  }

  private async refuseUnauthenticated(access: OperationAccess): Promise<void> {
    if (!this.failureCharged) this.limits.chargeFailedAuthentication(this.facts.address);
    this.failureCharged = true;
    if (access === 'visitor') throw unauthenticated();
  }
}

/** Opens requests: authenticates, guards the address budget, and meters operations. */
export class RequestGate {
  constructor(
    readonly services: Services,
    readonly limits: RateLimits,
    readonly tokens: TokenCache,
  ) {}

  /**
   * Authenticates the request: `Authorization: Bearer <token>` when the header is there
   * (whatever the cookies): an API token, or a site API token (a JWT: `authenticateSiteToken`,
   * a visitor of one published site, checked against the site on every request); else the
   * session cookie. An address that spent its budget of
   * failed authentications is refused first (429), whatever it sends. A credential that does
   * not authenticate (a bad or revoked token; a forged, malformed, expired or revoked session
   * cookie) costs the address a point at once and leaves the caller null (operations then
   * answer 401); a request with no credential costs one only when it runs an operation
   * (`charge`), so that a browser signing in costs nothing. A request the cookie
   * authenticated that may change something (not GET, HEAD or OPTIONS) must carry the
   * session's CSRF token as `x-quire-csrf`: otherwise 403, before anything runs.
   */
  async open(facts: RequestFacts): Promise<RequestAccess> {
    return this.openNow(facts);
  }

  /**
   * `open`, answered without a promise when the request's bearer token is cached: the common
   * case, on every read. Throws what `open` rejects with.
   */
  openNow(facts: RequestFacts): RequestAccess | Promise<RequestAccess> {
    this.limits.refuseBlockedAddress(facts.address);
    const cached = this.#cachedCaller(facts.authorization);
    if (cached !== undefined) return this.#access(facts, cached, undefined, true);
    return this.#authenticate(facts).then(({ caller, session, presented }) =>
      this.#access(facts, caller, session, presented),
    );
  }

  /** The request's access once its caller is known: the failed credential charged, the CSRF check. */
  #access(
    facts: RequestFacts,
    caller: Caller | null,
    session: SessionRecord | undefined,
    presented: boolean,
  ): RequestAccess {
    const failureCharged = presented && !caller;
    if (failureCharged) this.limits.chargeFailedAuthentication(facts.address);
    if (session && !SAFE_METHODS.has(facts.method) && facts.csrfToken !== session.csrfToken) {
      throw csrfRefusal();
    }
    const ctx = operationContext(this.services, caller, facts.address, visitorTokenCookieIn(facts.cookie));
    return new MeteredAccess(ctx, session, this.limits, facts, presented, failureCharged);
  }

  /** The caller of a bearer token the cache holds; undefined for anything else. */
  #cachedCaller(authorization: string | undefined): Caller | undefined {
    if (authorization === undefined) return undefined;
    const token = BEARER.exec(authorization)?.[1];
    return token ? this.tokens.cached(token) : undefined;
  }

  async #authenticate(facts: RequestFacts): Promise<Authentication> {
    if (facts.authorization !== undefined) {
      const token = BEARER.exec(facts.authorization)?.[1];
      // A site API token (a JWT) is checked against its site on every request: never cached.
      const caller = !token
        ? null
        : looksLikeSiteApiToken(token)
          ? await authenticateSiteToken(this.services, token)
          : await this.tokens.authenticate(token);
      return { caller, presented: true };
    }
    const cookie = sessionCookieIn(facts.cookie);
    if (cookie === undefined) return NO_CREDENTIAL;
    const found = await authenticateSession(this.services, cookie);
    return found ? { ...found, presented: true } : { caller: null, presented: true };
  }
}
