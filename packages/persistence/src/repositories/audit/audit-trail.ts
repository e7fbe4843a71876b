/**
 * The audit trail over the store: an audited change's event is the document attached to its
 * first write (`Store.withAttachedWrite`: the embedded engine's journal batch, a MongoDB
 * transaction), so the event and the change are durable together or not at all.
 */
import { randomBytes } from 'node:crypto';
import type { AuditEventRecord, AuditTrail } from '@quire/domain';
import type { Store } from '@quire/store';
import { AUDIT_EVENTS_COLLECTION, auditEventToDocument } from './audit-event-repository';

/**
 * What a change writes before it is visible, which its event does not ride: tree locks (taken
 * and released, a refusal may follow), content objects and revisions (stored by content
 * address before a space or change request points at them: the pointer's write is the
 * change), and MongoDB's event log (what happened, published after the change). A change
 * that writes only these records no event.
 */
export const UNAUDITED_COLLECTIONS: ReadonlySet<string> = new Set([
  'treeLocks',
  'contentObjects',
  'revisions',
  'events',
]);

export function auditTrailOver(store: Pick<Store, 'withAttachedWrite'>): AuditTrail {
  return {
    newEventId: () => uuidV7(Date.now()),
    withEvent<R>(event: () => AuditEventRecord | undefined, run: () => Promise<R>): Promise<R> {
      // A stand-in store of a test may have no attached writes: the change then runs unaudited.
      if (store.withAttachedWrite === undefined) return run();
      return store.withAttachedWrite(
        () => {
          const record = event();
          return record === undefined
            ? undefined
            : { collection: AUDIT_EVENTS_COLLECTION, document: auditEventToDocument(record) };
        },
        run,
        { passOver: UNAUDITED_COLLECTIONS },
      );
    },
  };
}

let lastMilliseconds = 0;
let sequence = 0;

/**
 * A UUID of version 7 (RFC 9562): 48 bits of milliseconds, a 12-bit counter, random bits.
 * Ordered by creation within the process (the counter goes on within a millisecond, and the
 * time never goes back), so events of one time list in the order they were made.
 */
export function uuidV7(now: number): string {
  if (now > lastMilliseconds) {
    lastMilliseconds = now;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    lastMilliseconds++;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMilliseconds, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
