/** The audit area's routes: GitBook's audit-event operations of an organization. */
import { auditOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { auditEvents, auditEventActions } = auditOperations.orgs;
const ORG = '/v1/orgs/:organizationId';

export const auditRoutes: readonly RestRoute[] = [
  route('GET', `${ORG}/audit-events`, auditEvents.list),
  route('GET', `${ORG}/audit-events/:auditEventId`, auditEvents.get),
  route('GET', `${ORG}/audit-event-actions`, auditEventActions.list),
];
