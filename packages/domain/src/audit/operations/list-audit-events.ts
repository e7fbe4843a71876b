import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { unauthenticated } from '../../core/errors';
import { fieldIssuesOf, validationError } from '../../core/execute';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, toPage } from '../../core/paging';
import { authorizeOrganization } from '../../policies';
import { type AuditEvent, AuditEventSchema, presentAuditEvent } from '../audit-event-schema';
import type { AuditEventQuery } from '../ports';
import { AUDIT_PAGE_DEFAULT_LIMIT, AuditOrganizationIdParam, auditEventFiltersShape } from './params';

const ListInputSchema = z.strictObject({
  organizationId: AuditOrganizationIdParam,
  ...auditEventFiltersShape,
});

/**
 * An organization's audit log, newest first, for its admins: every change a person or a
 * token made in it (`run-audited.ts`). Filters: `from`/`to` (inclusive times), exact
 * `action`, `actor` (the actor's id) and `target` (the resource's id). Keyset pages of 20 by
 * default (at most 100), read through the index on (organization, time): a page costs the
 * same at the 10,000th event as at the first. Outcomes: not a member, 404; a member who is
 * not an admin, 403.
 */
export const listAuditEvents = operation({
  name: 'orgs.auditEvents.list',
  kind: 'query',
  summary: "List an organization's audit events",
  input: ListInputSchema,
  output: pageSchemaOf(AuditEventSchema),
  run: (ctx, input) => auditEventsPage(ctx, input, true),
});

type ListInput = z.output<typeof ListInputSchema>;

/**
 * A page of the log, authorized again (the caller still an admin); its `count` read only when
 * `counted`: the count reads every matching event, so the export, which reads the log page
 * after page, reads it with its first page only (its next pages' `count` is 0, never shown).
 */
async function auditEventsPage(
  ctx: OperationContext,
  input: ListInput,
  counted: boolean,
): Promise<Page<AuditEvent>> {
  const { organization } = await authorizeOrganization(ctx, input.organizationId, 'admin');
  const query = auditEventQueryOf(organization.id, input);
  const page = pageRequest({ page: input.page, limit: input.limit ?? AUDIT_PAGE_DEFAULT_LIMIT });
  const [slice, count] = await Promise.all([
    ctx.repos.auditEvents.list(query, page),
    counted ? ctx.repos.auditEvents.count(query) : 0,
  ]);
  return toPage(slice, count, (event) => presentAuditEvent(ctx.urls, organization.id, event));
}

/**
 * The export's next page (`GET ORG/audit-events/export`, after its first page ran as
 * `orgs.auditEvents.list`): the list's input, checked and authorized again, without the count.
 * Outcomes as the list's: 404 not a member, 403 no longer an admin, 400 a bad field.
 */
export async function nextAuditExportPage(ctx: OperationContext, input: unknown): Promise<Page<AuditEvent>> {
  if (!ctx.caller) throw unauthenticated();
  const parsed = ListInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(fieldIssuesOf(parsed.error));
  return auditEventsPage(ctx, parsed.data, false);
}

export function auditEventQueryOf(
  organizationId: string,
  filters: {
    from?: string | undefined;
    to?: string | undefined;
    action?: string | undefined;
    actor?: string | undefined;
    target?: string | undefined;
  },
): AuditEventQuery {
  return {
    organizationId,
    from: filters.from === undefined ? undefined : new Date(filters.from).toISOString(),
    to: filters.to === undefined ? undefined : new Date(filters.to).toISOString(),
    action: filters.action,
    actor: filters.actor,
    target: filters.target,
  };
}
