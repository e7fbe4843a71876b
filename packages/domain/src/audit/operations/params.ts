import { z } from 'zod';
import { pagingShape } from '../../core/paging';
import { IdSchema } from '../../core/schemas';

export const AuditOrganizationIdParam = IdSchema.describe('Id of the organization');

export const AuditEventIdParam = z
  .uuid()
  .describe('Id of the audit event (a UUID)')
  .meta({ examples: ['0190f3a2-7c41-7d2e-9b5a-3c8e4f1a2b6d'] });

/** GitBook's paging of audit events: 20 a page by default, at most 100. */
export const AUDIT_PAGE_DEFAULT_LIMIT = 20;
export const AUDIT_PAGE_MAX_LIMIT = 100;

const Timestamp = z.iso.datetime({ offset: true });
const ExactValue = z.string().min(1).max(256);

/** The list's filters and paging, as GitBook's `listOrganizationAuditEvents` takes them. */
export const auditEventFiltersShape = {
  page: pagingShape.page,
  limit: z
    .number()
    .int()
    .min(1)
    .max(AUDIT_PAGE_MAX_LIMIT)
    .optional()
    .describe('Events per page, 1 to 100 (default 20)'),
  from: Timestamp.optional().describe('Only events at or after this time'),
  to: Timestamp.optional().describe('Only events at or before this time'),
  action: ExactValue.optional().describe('Only events of this action'),
  actor: ExactValue.optional().describe("Only events of this actor (the actor's id)"),
  target: ExactValue.optional().describe("Only events about this resource (the target's id)"),
};
