/** The audit area's operation tree: GitBook's audit-event operations under an organization. */
import { getAuditEvent } from './get-audit-event';
import { listAuditEventActions } from './list-audit-event-actions';
import { listAuditEvents } from './list-audit-events';

export const auditOperations = {
  orgs: {
    auditEvents: { list: listAuditEvents, get: getAuditEvent },
    auditEventActions: { list: listAuditEventActions },
  },
};
