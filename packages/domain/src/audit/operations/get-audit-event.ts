import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeOrganization } from '../../policies';
import {
  type AuditEventDetails,
  AuditEventDetailsSchema,
  presentAuditEventDetails,
} from '../audit-event-schema';
import { AuditEventIdParam, AuditOrganizationIdParam } from './params';

/**
 * One event of an organization's audit log with its details (the operation, the ids the
 * request named, the token's id, the client's address and user agent), for its admins.
 * Outcomes: not a member, 404; not an admin, 403; an event of another organization or none, 404.
 */
export const getAuditEvent = operation({
  name: 'orgs.auditEvents.get',
  kind: 'query',
  summary: 'Get an audit event of an organization',
  input: z.strictObject({ organizationId: AuditOrganizationIdParam, auditEventId: AuditEventIdParam }),
  output: AuditEventDetailsSchema,
  async run(ctx, input): Promise<AuditEventDetails> {
    const { organization } = await authorizeOrganization(ctx, input.organizationId, 'admin');
    const event = await ctx.repos.auditEvents.findById(organization.id, input.auditEventId);
    if (event === null) throw notFound('Audit event');
    return presentAuditEventDetails(ctx.urls, organization.id, event);
  },
});
