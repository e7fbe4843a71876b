/**
 * The domain's `Passwords` port over Node's scrypt (memory-hard; argon2 would need a native
 * dependency). A hash is one self-describing string, `scrypt$N$r$p$salt$hash` (salt and
 * hash base64url), so parameters can be raised later and old hashes still verify.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import type { Passwords } from '@quire/domain';

export interface ScryptCost {
  /** CPU/memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelization. */
  p: number;
}

/**
 * 32 MiB and about 0.11 s of a core per hash on this project's machine: twice RFC 7914's
 * example for interactive logins (N=2^14). Raising it later only changes new hashes.
 */
export const SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Hashes with a higher cost are refused unread: nothing of ours writes them. */
const MAX_COST: ScryptCost = { N: 2 ** 20, r: 16, p: 4 };
/**
 * Hashes computed at once. scrypt runs on libuv's thread pool, which the embedded store's
 * file writes share: a burst of sign-ins queues here instead of taking every thread.
 */
const MAX_CONCURRENT = 2;

const FORMAT = /^scrypt\$(\d{1,8})\$(\d{1,3})\$(\d{1,2})\$([A-Za-z0-9_-]{16,64})\$([A-Za-z0-9_-]{16,128})$/;

function derive(password: string, salt: Buffer, cost: ScryptCost, keyBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      keyBytes,
      // Node refuses more than 32 MiB by default; a hash needs 128 * N * r bytes.
      { ...cost, maxmem: 256 * cost.N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const [, n, r, p, salt, key] = FORMAT.exec(stored) ?? [];
  if (!n || !r || !p || !salt || !key) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = cost.N > 1 && (cost.N & (cost.N - 1)) === 0;
  if (!powerOfTwo || cost.N > MAX_COST.N || cost.r < 1 || cost.r > MAX_COST.r) return null;
  if (cost.p < 1 || cost.p > MAX_COST.p) return null;
  return { cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export class ScryptPasswords implements Passwords {
  readonly #cost: ScryptCost;
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  /**
   * What a check without a hash is compared with: random bytes in a hash's place, at the
   * same cost, so the check costs one derivation like any other and never matches.
   */
  readonly #dummy: ParsedHash;

  constructor(cost: ScryptCost = SCRYPT_COST) {
    this.#cost = cost;
    this.#dummy = { cost, salt: randomBytes(SALT_BYTES), key: randomBytes(KEY_BYTES) };
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await this.#derive(password, salt, this.#cost, KEY_BYTES);
    const { N, r, p } = this.#cost;
    return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string | null): Promise<boolean> {
    if (stored === null) {
      await this.#check(password, this.#dummy);
      return false;
    }
    return this.#check(password, parseHash(stored));
  }

  async #check(password: string, parsed: ParsedHash | null): Promise<boolean> {
    if (!parsed) return false;
    const key = await this.#derive(password, parsed.salt, parsed.cost, parsed.key.length);
    return timingSafeEqual(key, parsed.key);
  }

  async #derive(password: string, salt: Buffer, cost: ScryptCost, keyBytes: number): Promise<Buffer> {
    await this.#acquire();
    try {
      return await derive(password, salt, cost, keyBytes);
    } finally {
      this.#release();
    }
  }

  #acquire(): Promise<void> {
    if (this.#running < MAX_CONCURRENT) {
      this.#running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the slot to the next in line, or frees it. */
  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#running--;
  }
}
