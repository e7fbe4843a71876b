import type { Clock } from './ports/clock';
import type { EventPublisher } from './ports/events';
import type { IdSource } from './ports/ids';
import type { Passwords } from './ports/passwords';
import type { Secrets } from './ports/secrets';
import type { UntrustedMarkdown } from './ports/untrusted-markdown';

/** The authenticated caller of an operation. */
export interface Caller {
  userId: string;
  /**
   * The credential the request came with: an API token's id, or the id of the web app's
   * session (then `sessionId` says so too). Its rate-limit budget is charged per operation.
   */
  tokenId: string;
  /** Set when the caller signed in to the web app: the session the request came with. */
  sessionId?: string;
  /**
   * With `sessionId`: the identity provider that opened the session, when one did
   * (`SessionRecord.openedThrough`). Such a session reaches only the organizations trusting its
   * authority; an organization that holds its people to single sign-on is reached only by a
   * session one of its trusted authorities opened (`policies/session-reach.ts`).
   */
  openedThrough?: { organizationId: string; authority: string };
  /** With `sessionId`: the id of the API token the session was opened with, when one was. */
  openedWithToken?: string;
  /** Instance administrators manage users and tokens; they see no organization they are not in. */
  isInstanceAdmin: boolean;
  /**
   * Set when the credential is a site API token (the `apiToken` of `POST /v1/urls/published`):
   * the caller is a visitor of one published site and reads only what that visitor may
   * (`site-token-gate.ts`, `policies/site-token-access.ts`). `userId` is then no user's.
   */
  site?: SiteVisitorGrant;
}

/**
 * What a site API token lets its bearer read, as checked when the request came (the site
 * still published, the share link still active, the conditions applied to the token's claims).
 */
export interface SiteVisitorGrant {
  organizationId: string;
  siteId: string;
  siteSectionId?: string;
  siteSpaceId: string;
  /** The space the token was made for (the site space's). */
  spaceId: string;
  /** Every space of the site this visitor is shown now: the only spaces the token reads. */
  spaceIds: readonly string[];
  /** The visitor's claims (signed, and the unsigned ones under `unsigned`), for the conditions. */
  claims: Record<string, unknown>;
}

/** Base URLs that absolute `urls` are built from. */
export interface PublicUrls {
  /** Base of the API (`urls.location`), e.g. https://docs.example.com. No trailing slash. */
  api: string;
  /** Base of the app (`urls.app`). No trailing slash. */
  app: string;
  /** Base of published sites (`QUIRE_SITES_URL`) when it is not the app's. No trailing slash. */
  sites?: string;
}

/**
 * The repositories of every area, handed to operations through their context. Empty here:
 * each area adds its own group (`declare module` in its `repositories.ts`), so core names no
 * area and a new area adds its repositories without touching a shared list.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the areas through declaration merging
export interface Repositories {}

/**
 * The ports of every area (fetching, rendering, translating...), handed to operations through
 * their context. Empty here, like `Repositories`: each area adds its own in the file that
 * defines the port (`declare module` on `AreaPorts`), so core names no area's port.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the areas through declaration merging
export interface AreaPorts {}

export interface OperationContext extends AreaPorts {
  caller: Caller | null;
  /**
   * The visitor token a browser carries for published sites (GitBook's
   * `gitbook-visitor-token` cookie), unverified: the published view verifies it against the
   * site it asks for. Absent when the request had none.
   */
  visitorToken?: string;
  /**
   * The client's address (the server's `request.ip`, which honours QUIRE_TRUST_PROXY), for
   * budgets of what anonymous callers may write (readers' insights events). Absent outside a
   * request.
   */
  clientAddress?: string;
  repos: Repositories;
  clock: Clock;
  ids: IdSource;
  secrets: Secrets;
  /** Hashing and checking passwords (slow on purpose). */
  passwords: Passwords;
  urls: PublicUrls;
  /** Where operations report what they did (`ports/events.ts`). */
  events: EventPublisher;
  /** Markdown from outside read into its stored form off the request thread (`ports/untrusted-markdown.ts`). */
  untrustedMarkdown: UntrustedMarkdown;
  /**
   * Set while a mutation runs with its audit event pending (`audit/run-audited.ts`): what the
   * operation learns before its first write that the event records (`audit-draft.ts`).
   */
  audit?: AuditDraft;
}

/** What an audited mutation notes for its event before its first write. */
export interface AuditDraft {
  /** The organization whose data the change is in: the first one an authorization resolved. */
  organizationId?: string;
}

/** The caller of an operation whose access is 'user' or stricter (checked before `run`). */
export function callerOf(ctx: OperationContext): Caller {
  if (!ctx.caller) throw new Error('callerOf: operation ran without an authenticated caller');
  return ctx.caller;
}

/** Everything an operation context holds but the caller: what domain functions outside operations use. */
export type DomainServices = Omit<OperationContext, 'caller'>;
