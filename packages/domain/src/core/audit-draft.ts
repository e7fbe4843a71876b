/**
 * An audited mutation's event is written with its first write (`audit/run-audited.ts`), so
 * what the event says must be known by then. The organization is: every write is preceded
 * by the authorization that resolved it, and the authorizations note it here. The first one
 * noted wins (an operation that reads two organizations, moving a space, records its source's).
 */
import type { OperationContext } from './context';

export function noteAuditOrganization(ctx: OperationContext, organizationId: string): void {
  if (ctx.audit !== undefined && ctx.audit.organizationId === undefined)
    ctx.audit.organizationId = organizationId;
}
