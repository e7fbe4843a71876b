/**
 * Runs an operation for a face (`runOperation`), a mutation with its audit event: the event
 * is written in the same store write as the change's first write (`AuditTrail.withEvent`),
 * so the log and the data never disagree after a crash. What that means, outcome by outcome:
 *
 * - refused (401, 400, 403, 404, 409... before any write): nothing written, no event;
 * - a change in one write: the event with it, atomically;
 * - a change in several writes (a merge, a move): the event rides the first; a crash after
 *   it and before the last leaves the event and the first writes, as it leaves the change
 *   half-done (which the operation's own recovery finishes or repairs); never an event
 *   without any of its change, never a change without its event;
 * - writes nothing (an update to what it already is): no event.
 *
 * Queries, mutations that declare `audit: { skip }`, callers that are not people (anonymous
 * readers, site API tokens) record nothing.
 */
import { auditActionOf } from '../core/audit-actions';
import type { AuditDraft, OperationContext } from '../core/context';
import { executeOperation } from '../core/execute';
import type { AnyOperation } from '../core/operation';
import { type AuditOrigin, auditEventOf } from './audit-event';
import type { AuditOutboxRecord } from './records';

export interface AuditedRunOptions {
  /**
   * Asked once, at the first write, with the event: what the event keeps for another area's
   * follow-up of the change (the webhooks' outbox), written atomically with the change.
   */
  outbox?: () => AuditOutboxRecord | undefined;
}

export function runAudited(
  op: AnyOperation,
  ctx: OperationContext,
  input: unknown,
  origin: AuditOrigin,
  options: AuditedRunOptions = {},
): Promise<unknown> {
  const action = auditActionOf(op);
  // A context built without the audit trail (a test's stand-in services) runs unaudited.
  const trail = ctx.auditTrail as OperationContext['auditTrail'] | undefined;
  if (action === undefined || ctx.caller === null || ctx.caller.site !== undefined || trail === undefined) {
    return executeOperation(op, ctx, input);
  }
  const draft: AuditDraft = {};
  const audited = withAuditDraft(ctx, draft);
  return trail.withEvent(
    () => {
      const event = auditEventOf(ctx, { op, action, input, origin, draft });
      const outbox = event === undefined ? undefined : options.outbox?.();
      if (event !== undefined && outbox !== undefined) event.outbox = outbox;
      return event;
    },
    () => executeOperation(op, audited, input),
  );
}

/**
 * `ctx` with a draft of its own: the request's services (its prototype) and its own fields
 * copied, as `withRepositories` derives a context. One per operation, so operations running
 * side by side in one request (a tRPC batch) note their own organization.
 */
function withAuditDraft(ctx: OperationContext, draft: AuditDraft): OperationContext {
  const derived = Object.assign(Object.create(Object.getPrototypeOf(ctx)) as OperationContext, ctx);
  derived.audit = draft;
  return derived;
}
