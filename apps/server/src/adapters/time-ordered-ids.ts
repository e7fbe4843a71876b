import { randomBytes } from 'node:crypto';
import type { IdSource } from '@quire/domain';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TAIL_DIGITS = 12;
const TAIL_LIMIT = 62n ** BigInt(TAIL_DIGITS);

const randomBelow = (limit: bigint): bigint => BigInt(`0x${randomBytes(12).toString('hex')}`) % limit;

function base62(value: bigint, digits: number): string {
  let text = '';
  for (let rest = value; text.length < digits; rest /= 62n) text = ALPHABET[Number(rest % 62n)] + text;
  return text;
}

/**
 * 20-character ids: 8 base-62 digits of milliseconds since the epoch, then 12 base-62 digits
 * of a random tail. Ids sort by creation time (so "by id" paging is "by creation"), within
 * one millisecond too: a later id of the same millisecond adds a random step to the tail of
 * the one before, so ids stay unguessable. ASCII order equals base-62 order with this alphabet.
 */
export class TimeOrderedIds implements IdSource {
  #time = 0;
  #tail = 0n;

  newId(): string {
    const now = Date.now();
    const step = 1n + randomBelow(2n ** 32n);
    if (now > this.#time) {
      this.#time = now;
      this.#tail = randomBelow(TAIL_LIMIT / 2n);
    } else if (this.#tail + step < TAIL_LIMIT) {
      this.#tail += step;
    } else {
      // The tails of this millisecond ran out (never in practice): borrow the next one.
      this.#time += 1;
      this.#tail = randomBelow(TAIL_LIMIT / 2n);
    }
    return base62(BigInt(this.#time), 8) + base62(this.#tail, TAIL_DIGITS);
  }
}
