/** The audit area's public API: other areas and the apps import it only through this file. */
export * from './audit-event';
export * from './audit-event-schema';
export { auditOperations } from './operations';
export { auditEventQueryOf, nextAuditExportPage } from './operations/list-audit-events';
export { AUDIT_PAGE_MAX_LIMIT } from './operations/params';
export type * from './ports';
export * from './purge-expired-audit-events';
export type * from './records';
export type { AuditRepositories } from './repositories';
export { type AuditedRunOptions, runAudited } from './run-audited';
