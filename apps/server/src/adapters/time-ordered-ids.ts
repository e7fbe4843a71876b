import { randomBytes } from 'node:crypto';
import type { IdSource } from '@quire/domain';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * 20-character ids: 8 base-62 digits of milliseconds since the epoch, then 12 random
 * base-62 digits. Ids sort by creation time (so "by id" paging is "by creation") and the
 * random tail makes them unguessable; ASCII order equals base-62 order with this alphabet.
 */
export class TimeOrderedIds implements IdSource {
  newId(): string {
    let time = Date.now();
    let head = '';
    for (let i = 0; i < 8; i++) {
      head = ALPHABET[time % 62] + head;
      time = Math.floor(time / 62);
    }
    const bytes = randomBytes(12);
    let tail = '';
    for (const byte of bytes) tail += ALPHABET[byte % 62];
    return head + tail;
  }
}
