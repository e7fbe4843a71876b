/**
 * Compare-and-swap on a record's `version`, written once for every record changed that way
 * (a translation, an OpenAPI specification, a space's Git settings, a site): apply a change
 * to the record as read, write it only while its stored version is still the one read, and on
 * a lost race read it again and apply the change to the winner's record, so that a rule the
 * change checks holds for the version written.
 */

/** A record changed by compare-and-swap: every write bumps its version. */
export interface Versioned {
  version: number;
}

/** Where the loop reads and writes one record. */
export interface VersionedRecordAccess<R extends Versioned> {
  /** Named in the error when every try lost: `the translation 01H…`. */
  readonly name: string;
  /** The record as stored now; null when there is none. */
  read(): Promise<R | null>;
  /** Replaces the record while its stored version is still `expectedVersion`; false otherwise. */
  replace(next: R, expectedVersion: number): Promise<boolean>;
  /**
   * Stores a record there was none of; false when one was stored meanwhile. Absent for a
   * record changed only after its creation (its change answers null once it is gone).
   */
  insert?(next: R): Promise<boolean>;
}

/** Lost races before giving up: a record replaced this often in a moment is a fault, not a race. */
export const COMPARE_AND_SWAP_TRIES = 10;

/** How the loop gives up, where a record's callers were promised otherwise (a site: 8 tries, then 409). */
export interface CompareAndSwapOptions {
  /** Tries before giving up; `COMPARE_AND_SWAP_TRIES` unless given. */
  tries?: number;
  /** The error thrown once every try lost; an Error naming the record unless given. */
  gaveUp?: () => Error;
}

/**
 * Writes `change(current)` with the next version (1 for a record written the first time)
 * and answers the record written. `change` answers null when there is nothing to write:
 * the record as read is answered then (null when there is none, as when it was deleted).
 * `first` is the record as the caller already read it (read here when not given).
 * After `COMPARE_AND_SWAP_TRIES` lost races (`options.tries`), an error naming the record
 * (`options.gaveUp()`).
 */
export function compareAndSwap<R extends Versioned>(
  record: VersionedRecordAccess<R>,
  change: (current: R | null) => Promise<R> | R,
  first?: R | null,
  options?: CompareAndSwapOptions,
): Promise<R>;
export function compareAndSwap<R extends Versioned>(
  record: VersionedRecordAccess<R>,
  change: (current: R | null) => Promise<R | null> | R | null,
  first?: R | null,
  options?: CompareAndSwapOptions,
): Promise<R | null>;
export async function compareAndSwap<R extends Versioned>(
  record: VersionedRecordAccess<R>,
  change: (current: R | null) => Promise<R | null> | R | null,
  first?: R | null,
  { tries = COMPARE_AND_SWAP_TRIES, gaveUp }: CompareAndSwapOptions = {},
): Promise<R | null> {
  let current = first === undefined ? await record.read() : first;
  for (let attempt = 1; ; attempt++) {
    const changed = await change(current);
    if (!changed) return current;
    const next = { ...changed, version: (current?.version ?? 0) + 1 };
    const written = current ? await record.replace(next, current.version) : await record.insert?.(next);
    if (written) return next;
    if (attempt >= tries) break;
    current = await record.read();
  }
  throw gaveUp?.() ?? new Error(`${record.name} kept changing: gave up after ${tries} tries`);
}
