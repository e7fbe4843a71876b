/**
 * `_id`s for documents inserted without one: 24 hex digits laid out like MongoDB's
 * ObjectId (seconds since the epoch, a per-process random value, a counter), so generated
 * ids sort roughly by creation time and look familiar, while staying plain strings.
 */
import { randomBytes, randomInt } from 'node:crypto';

const processUnique = randomBytes(5).toString('hex');
let counter = randomInt(0x1000000);

export function generateObjectId(): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(Date.now() / 1000);
  return seconds.toString(16).padStart(8, '0') + processUnique + counter.toString(16).padStart(6, '0');
}
