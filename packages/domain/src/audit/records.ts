/** What the audit log stores: one event per change a person or a token made, written with that change. */

/** Who made the change: a user (through an API token or the web app's session). */
export interface AuditActorRecord {
  type: 'user';
  id: string;
}

/** What the change is about: its kind (`space`, `change-request`, ...) and its id. */
export interface AuditTargetRecord {
  type: string;
  id: string;
}

/**
 * What another area needs to make the change's follow-up again after a crash (the webhooks'
 * outbox): decided at the change's first write and written with it, so a change that made it
 * to the store always has it. Never shown by the audit operations.
 */
export interface AuditOutboxRecord {
  /** The id of the webhook event the change makes: the live dispatch and a recovery use it alike. */
  eventId: string;
  /**
   * The ids the operation made before its first write (at most 8): a create's new resource is
   * among them (the event's `target` names the container, as the new id is not known then).
   */
  madeIds: string[];
}

export interface AuditEventRecord {
  /** A UUID (version 7: ordered by time). */
  id: string;
  /** The organization whose data changed; absent for a change outside any (a user's own tokens). */
  organizationId?: string;
  /** When the change was written (ISO 8601): the time of its first write, which the event rides. */
  occurredAt: string;
  /** The action (`core/audit-actions.ts`): the operation's name unless it declares another. */
  action: string;
  actor: AuditActorRecord;
  /** 'ui' through the web app's session, 'api' through an API token. */
  source: 'ui' | 'api';
  target: AuditTargetRecord;
  /** The operation that made the change. */
  operation: string;
  /** The ids the request named (`spaceId`, `pageId`, ...): ids only, never another value of the request. */
  ids: Record<string, string>;
  /** The API token's id (never its secret); absent for the web app's session. */
  tokenId?: string;
  /** The client's address, as the server saw it (QUIRE_TRUST_PROXY honoured). */
  address?: string;
  /** The client's `User-Agent`, at most 512 characters. */
  userAgent?: string;
  /** The request's id (`X-Request-Id`), shared by the events of one request. */
  requestId?: string;
  /** Kept for the change's webhook event (`AuditOutboxRecord`); absent when the change makes none. */
  outbox?: AuditOutboxRecord;
}
