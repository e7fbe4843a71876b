import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, toPage } from '../../core/paging';
import { authorizeOrganization } from '../../policies';
import { type AuditEvent, AuditEventSchema, presentAuditEvent } from '../audit-event-schema';
import type { AuditEventQuery } from '../ports';
import { AUDIT_PAGE_DEFAULT_LIMIT, AuditOrganizationIdParam, auditEventFiltersShape } from './params';

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
  input: z.strictObject({ organizationId: AuditOrganizationIdParam, ...auditEventFiltersShape }),
  output: pageSchemaOf(AuditEventSchema),
  async run(ctx, input): Promise<Page<AuditEvent>> {
    const { organization } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const query = auditEventQueryOf(organization.id, input);
    const page = pageRequest({ page: input.page, limit: input.limit ?? AUDIT_PAGE_DEFAULT_LIMIT });
    const [slice, count] = await Promise.all([
      ctx.repos.auditEvents.list(query, page),
      ctx.repos.auditEvents.count(query),
    ]);
    return toPage(slice, count, (event) => presentAuditEvent(ctx.urls, organization.id, event));
  },
});

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
