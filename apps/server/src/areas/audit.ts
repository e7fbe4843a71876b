/** How the audit area is served: its routes, its documentation tag, the trail over the store and the actions of the registry. */
import { type AuditAction, auditActionsOf, operations } from '@quire/domain';
import { auditTrailOver } from '@quire/persistence';
import { auditRoutes } from '../faces/rest/routes/audit';
import { defineServerArea } from './server-area';

/** The registry's actions, listed once (the registry does not change while the server runs). */
let registryActions: readonly AuditAction[] | undefined;

export const auditServing = defineServerArea({
  key: 'audit',
  routes: auditRoutes,
  tags: [
    {
      name: 'Audit log',
      group: 'people',
      prefixes: ['orgs.auditEvents', 'orgs.auditEventActions'],
      description:
        'Every change a person or an API token made in an organization (who, what, which resource, from where, when), ' +
        'written in the same store write as the change; append-only, kept QUIRE_AUDIT_RETENTION_DAYS days, read by ' +
        'the organization’s admins and exported as JSON lines.',
    },
  ],
  ports: ({ store }) => ({
    auditTrail: auditTrailOver(store),
    auditActions: {
      actions: () => {
        registryActions ??= auditActionsOf(operations);
        return registryActions;
      },
    },
  }),
});
