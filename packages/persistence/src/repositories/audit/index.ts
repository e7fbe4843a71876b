/** The audit area's repository, its indexes, and the trail that writes events with the changes. */
import type { AuditRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { auditEventIndexes, StoredAuditEventRepository } from './audit-event-repository';

export { auditTrailOver, uuidV7 } from './audit-trail';

export const auditIndexes: CollectionIndexes[] = [...auditEventIndexes];

export const auditRepositories = (db: StoreDatabase): AuditRepositories => ({
  auditEvents: new StoredAuditEventRepository(db),
});
