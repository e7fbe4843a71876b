/** GitBook's audit-event resources (`AuditEvent`, `AuditEventDetails`, `AuditEventAction`) and their presenters. */
import { z } from 'zod';
import type { AuditAction } from '../core/audit-actions';
import type { PublicUrls } from '../core/context';
import { TimestampSchema } from '../core/schemas';
import type { AuditEventRecord } from './records';

export const AuditEventActorSchema = z
  .object({
    type: z
      .enum(['user', 'integration', 'installation', 'system', 'support'])
      .describe('What made the change (Quire records people: user)'),
    id: z.string().describe("The actor's id"),
    label: z.string().optional().describe('How the actor was shown when the event was recorded'),
  })
  .meta({ id: 'AuditEventActor' });

export const AuditEventTargetSchema = z
  .object({
    type: z.string().describe('The kind of resource changed (space, change-request, page, ...)'),
    id: z.string().describe("The resource's id"),
    label: z.string().optional().describe('How the resource was shown when the event was recorded'),
  })
  .meta({ id: 'AuditEventTarget' });

const auditEventShape = {
  object: z.literal('audit-event').describe('Always "audit-event"'),
  id: z.string().describe('Id of the event (a UUID)'),
  occurredAt: TimestampSchema.describe('When the change was written'),
  action: z.string().describe('What was done (an action of the audit-event-actions list)'),
  actor: AuditEventActorSchema,
  source: z
    .enum(['ui', 'api', 'integration', 'webhook', 'workflow', 'script', 'support'])
    .describe('Where the change came from: ui (the web app) or api (an API token)'),
  target: AuditEventTargetSchema,
  urls: z.object({ location: z.string().describe('The event in the API') }),
};

export const AuditEventSchema = z
  .object(auditEventShape)
  .meta({ id: 'AuditEvent', description: 'A change recorded in the audit log' });

export const AuditEventPayloadSchema = z
  .object({
    operation: z.string().describe('The operation that made the change'),
    ids: z.record(z.string(), z.string()).describe('The ids the request named'),
    tokenId: z.string().optional().describe("The API token's id (never its secret); absent from the web app"),
    address: z.string().optional().describe("The client's address"),
    userAgent: z.string().optional().describe("The client's User-Agent"),
  })
  .meta({ id: 'AuditEventPayload' });

export const AuditEventDetailsSchema = z
  .object({
    ...auditEventShape,
    correlationId: z.string().optional().describe('The request that made the change, shared by its events'),
    schemaVersion: z.number().int().min(1).describe('Version of the payload'),
    payload: AuditEventPayloadSchema,
  })
  .meta({ id: 'AuditEventDetails', description: 'A change recorded in the audit log, with its details' });

export const AuditEventActionSchema = z
  .object({
    object: z.literal('audit-event-action').describe('Always "audit-event-action"'),
    id: z.string().describe("The action's identifier, as events store it"),
    label: z.string().describe('What the action does'),
  })
  .meta({ id: 'AuditEventAction' });

export type AuditEvent = z.infer<typeof AuditEventSchema>;
export type AuditEventDetails = z.infer<typeof AuditEventDetailsSchema>;
export type AuditEventActionResource = z.infer<typeof AuditEventActionSchema>;

export const AUDIT_PAYLOAD_VERSION = 1;

export function auditEventLocation(urls: PublicUrls, organizationId: string, id: string): string {
  return `${urls.api}/v1/orgs/${organizationId}/audit-events/${id}`;
}

export function presentAuditEvent(
  urls: PublicUrls,
  organizationId: string,
  event: AuditEventRecord,
): AuditEvent {
  return {
    object: 'audit-event',
    id: event.id,
    occurredAt: event.occurredAt,
    action: event.action,
    actor: { type: event.actor.type, id: event.actor.id },
    source: event.source,
    target: { type: event.target.type, id: event.target.id },
    urls: { location: auditEventLocation(urls, organizationId, event.id) },
  };
}

export function presentAuditEventDetails(
  urls: PublicUrls,
  organizationId: string,
  event: AuditEventRecord,
): AuditEventDetails {
  const payload: AuditEventDetails['payload'] = { operation: event.operation, ids: { ...event.ids } };
  if (event.tokenId !== undefined) payload.tokenId = event.tokenId;
  if (event.address !== undefined) payload.address = event.address;
  if (event.userAgent !== undefined) payload.userAgent = event.userAgent;
  return {
    ...presentAuditEvent(urls, organizationId, event),
    ...(event.requestId === undefined ? {} : { correlationId: event.requestId }),
    schemaVersion: AUDIT_PAYLOAD_VERSION,
    payload,
  };
}

export function presentAuditAction(action: AuditAction): AuditEventActionResource {
  return { object: 'audit-event-action', id: action.id, label: action.label };
}
