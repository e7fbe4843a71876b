import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeOrganization } from '../../policies';
import { AuditEventActionSchema, presentAuditAction } from '../audit-event-schema';
import { AuditOrganizationIdParam } from './params';

/**
 * The actions the audit log records (every mutation of the registry but those that declare
 * a reason not to), with their labels, for an organization's admins. Outcomes: not a
 * member, 404; not an admin, 403.
 */
export const listAuditEventActions = operation({
  name: 'orgs.auditEventActions.list',
  kind: 'query',
  summary: 'List the actions of audit events',
  input: z.strictObject({ organizationId: AuditOrganizationIdParam }),
  output: z.object({ items: z.array(AuditEventActionSchema) }),
  async run(ctx, input) {
    await authorizeOrganization(ctx, input.organizationId, 'admin');
    return { items: ctx.auditActions.actions().map(presentAuditAction) };
  },
});
