/**
 * The audit area: every change a person or a token makes, recorded with the change itself
 * (`run-audited.ts`), and GitBook's operations reading the log for an organization's admins.
 */
import { defineArea } from '../core/area-declaration';
import { auditOperations } from './operations';

export const auditArea = defineArea({
  key: 'audit',
  // Events belong to organizations, and only their admins read them.
  buildsOn: ['identity', 'organizations'],
  operations: auditOperations,
  repositories: ['auditEvents'],
  ports: ['auditTrail', 'auditActions'],
});
