/** The repositories of the audit area, added to every operation's `ctx.repos`. */
import type { AuditEventRepository } from './ports';

export interface AuditRepositories {
  auditEvents: AuditEventRepository;
}

declare module '../core/context' {
  interface Repositories extends AuditRepositories {}
}
