import type { AuditAction } from '../core/audit-actions';
import type { PageRequest, Slice } from '../core/paging';
import type { AuditEventRecord } from './records';

/** The events a list asks for: one organization's, narrowed by time and exact identifiers. */
export interface AuditEventQuery {
  organizationId: string;
  /** Events at or after this time (ISO 8601). */
  from?: string | undefined;
  /** Events at or before this time (ISO 8601). */
  to?: string | undefined;
  action?: string | undefined;
  /** The actor's id. */
  actor?: string | undefined;
  /** The target's id. */
  target?: string | undefined;
}

/**
 * The audit log's store. Append-only: no operation changes or deletes an event; only the
 * retention purge deletes, the oldest first. Events are inserted by the audit trail, in the
 * write of the change they record, never through this repository.
 */
export interface AuditEventRepository {
  findById(organizationId: string, id: string): Promise<AuditEventRecord | null>;
  /** A keyset page of the query's events, newest first (time, then id). */
  list(query: AuditEventQuery, page: PageRequest): Promise<Slice<AuditEventRecord>>;
  count(query: AuditEventQuery): Promise<number>;
  /**
   * An organization's events that keep an outbox (`AuditOutboxRecord`) and occurred from
   * `from` to `until` (both included), oldest first (time, then id), after `after` when given;
   * at most `limit`. The webhooks' recovery sweep reads them.
   */
  listWithOutbox(
    organizationId: string,
    range: { from: string; until: string; after?: { occurredAt: string; id: string } | undefined },
    limit: number,
  ): Promise<AuditEventRecord[]>;
  /**
   * Deletes at most `limit` events that occurred before `occurredAt`, of every organization,
   * oldest first; how many it deleted (fewer than `limit`: none are left).
   */
  deleteBefore(occurredAt: string, limit: number): Promise<number>;
}

/**
 * Runs a change with its event: the event is written in the same atomic write as the
 * change's first write (`Store.withAttachedWrite`), so after a crash there is never one
 * without the other; a run that writes nothing (refused, or changing nothing) leaves none.
 */
export interface AuditTrail {
  /** A new event's id: a UUID, version 7. */
  newEventId(): string;
  /** Runs `run`; `event` is asked once, at the first write, for the event to write with it (none: undefined). */
  withEvent<R>(event: () => AuditEventRecord | undefined, run: () => Promise<R>): Promise<R>;
}

/** The actions of every mutation of the registry (built from it by the server, which holds it). */
export interface AuditActionCatalog {
  actions(): readonly AuditAction[];
}

declare module '../core/context' {
  interface AreaPorts {
    auditTrail: AuditTrail;
    auditActions: AuditActionCatalog;
  }
}
