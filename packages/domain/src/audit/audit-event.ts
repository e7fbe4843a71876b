/**
 * An audited change's event, built when its first write runs (`run-audited.ts`): who (the
 * caller), what (the action, the operation), which resource (the most specific id the request
 * named), from where (address, user agent, the API token's id) and when (the first write).
 *
 * Secrets never reach an event: of the request it keeps the ids alone (`*Id` fields holding
 * a short string), never a body, a password, a token's secret or a URL.
 */
import type { AuditAction } from '../core/audit-actions';
import type { AuditDraft, OperationContext } from '../core/context';
import type { AnyOperation } from '../core/operation';
import type { AuditEventRecord, AuditTargetRecord } from './records';

/** What the request adds that the operation context does not hold. */
export interface AuditOrigin {
  userAgent?: string | undefined;
  requestId?: string | undefined;
}

export const MAX_USER_AGENT_LENGTH = 512;
const MAX_ID_LENGTH = 128;
const MAX_IDS = 16;

export interface AuditedCall {
  op: AnyOperation;
  action: AuditAction;
  input: unknown;
  origin: AuditOrigin;
  draft: AuditDraft;
}

/** The event of `call`, made by `ctx`'s caller; undefined without a caller (nothing is audited then). */
export function auditEventOf(ctx: OperationContext, call: AuditedCall): AuditEventRecord | undefined {
  const caller = ctx.caller;
  if (caller === null) return undefined;
  const ids = idsIn(call.op, call.input);
  const organizationId = call.draft.organizationId ?? ids.organizationId;
  const event: AuditEventRecord = {
    id: ctx.auditTrail.newEventId(),
    occurredAt: ctx.clock.now().toISOString(),
    action: call.action.id,
    actor: { type: 'user', id: caller.userId },
    source: caller.sessionId === undefined ? 'api' : 'ui',
    target:
      targetOf(ids) ??
      (organizationId === undefined
        ? { type: 'user', id: caller.userId }
        : { type: 'organization', id: organizationId }),
    operation: call.op.name,
    ids,
  };
  if (organizationId !== undefined) event.organizationId = organizationId;
  if (caller.sessionId === undefined) event.tokenId = caller.tokenId;
  if (ctx.clientAddress !== undefined) event.address = ctx.clientAddress;
  const userAgent = call.origin.userAgent;
  if (userAgent !== undefined && userAgent !== '')
    event.userAgent = userAgent.slice(0, MAX_USER_AGENT_LENGTH);
  if (call.origin.requestId !== undefined) event.requestId = call.origin.requestId;
  return event;
}

/**
 * The request's ids: its top-level `*Id` fields holding a short string, in the order of the
 * operation's input schema (organization, then space, then page...), not the order the caller
 * wrote them in: tRPC and GraphQL take a caller's object as sent, and the last id is the
 * event's target, so a caller writing the organization's id last made the event's target the
 * organization, and a search of the log by the real target missed it. An input schema with no
 * shape to read (none today) keeps the request's order.
 */
function idsIn(op: AnyOperation, input: unknown): Record<string, string> {
  const ids: Record<string, string> = {};
  if (typeof input !== 'object' || input === null) return ids;
  const sent = input as Record<string, unknown>;
  let kept = 0;
  for (const field of idFieldsOf(op) ?? Object.keys(sent)) {
    if (kept === MAX_IDS) break;
    const value = Object.hasOwn(sent, field) ? sent[field] : undefined;
    if (!field.endsWith('Id') || typeof value !== 'string' || value === '' || value.length > MAX_ID_LENGTH)
      continue;
    ids[field] = value;
    kept++;
  }
  return ids;
}

const idFields = new WeakMap<AnyOperation, readonly string[] | null>();

/** The `*Id` fields of the operation's input schema, in its order; null when it has no shape. */
function idFieldsOf(op: AnyOperation): readonly string[] | null {
  let fields = idFields.get(op);
  if (fields === undefined) {
    const shape = (op.input as { shape?: unknown }).shape;
    fields =
      typeof shape === 'object' && shape !== null
        ? Object.keys(shape).filter((field) => field.endsWith('Id'))
        : null;
    idFields.set(op, fields);
  }
  return fields;
}

/**
 * The resource an event is about: the last id the request named (requests name the
 * organization, then the space, then the page...), its type from the field's name
 * (`changeRequestId` → `change-request`).
 */
function targetOf(ids: Record<string, string>): AuditTargetRecord | undefined {
  const last = Object.entries(ids).at(-1);
  if (last === undefined) return undefined;
  const [field, id] = last;
  const type = field.slice(0, -2).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return { type, id };
}
