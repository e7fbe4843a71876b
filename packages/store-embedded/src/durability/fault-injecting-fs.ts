/**
 * A `StorageFs` that fails on demand, the way a full or failing disk does, for the store's
 * fault tests (and the server's): `inject({ operation: 'fdatasync', code: 'EIO' })` makes
 * fdatasync fail until `clear()`; `pause('fdatasync')` holds the next call until released,
 * so a test can act while a group commit is in flight without sleeping.
 *
 * What a failure leaves behind is what the kernel would leave: a failed fdatasync has the
 * bytes in the file (the page cache) but nothing is synced; a `torn` failed write has
 * written the first half of its bytes. So recovery and the journal's cut-back are tested
 * against the same leftovers a real fault leaves.
 */
import { errorCode } from './errors';
import { nodeStorageFs, type StorageFs } from './storage-fs';

export type StorageOperation = keyof StorageFs;

export interface InjectedFault {
  operation: StorageOperation;
  /** The errno code thrown, as `node:fs` would: 'ENOSPC', 'EIO', 'EDQUOT'... */
  code: string;
  /** Only calls on a matching path (a descriptor counts as the path it was opened with). */
  path?: (path: string) => boolean;
  /** Fails this many calls, then no more; by default every call until `clear()`. */
  times?: number;
  /** For `write`: the first half of the bytes are written before the error, as a short write would. */
  torn?: boolean;
}

export interface PausedCall {
  /** Resolves once a call has reached the pause and is waiting. */
  readonly reached: Promise<void>;
  /** Lets the waiting call (and any later one) proceed. */
  resume(): void;
}

interface Pause {
  operation: StorageOperation;
  arrived(): void;
  released: Promise<void>;
}

/** An error shaped like the ones `node:fs` throws. */
export function storageError(code: string, syscall: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: injected fault, ${syscall}`);
  error.code = code;
  error.syscall = syscall;
  return error;
}

export class FaultInjectingFs {
  readonly fs: StorageFs;
  /** Calls made so far, per operation, failed ones included. */
  readonly calls: Partial<Record<StorageOperation, number>> = {};
  #faults: InjectedFault[] = [];
  #pauses: Pause[] = [];
  readonly #openPaths = new Map<number, string>();

  constructor(base: StorageFs = nodeStorageFs) {
    const wrapped: Partial<Record<StorageOperation, unknown>> = {};
    for (const operation of Object.keys(base) as StorageOperation[]) {
      const real = base[operation] as (...args: unknown[]) => Promise<unknown>;
      wrapped[operation] = (...args: unknown[]) => this.#call(operation, real, args);
    }
    this.fs = wrapped as StorageFs;
  }

  inject(fault: InjectedFault): void {
    this.#faults.push({ ...fault });
  }

  /** Removes every fault: the disk is healthy again. */
  clear(): void {
    this.#faults = [];
  }

  /** Holds the next call of `operation` (after any fault check passed) until `resume()`. */
  pause(operation: StorageOperation): PausedCall {
    let arrived: () => void = () => {};
    let resume: () => void = () => {};
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const released = new Promise<void>((resolve) => (resume = resolve));
    this.#pauses.push({ operation, arrived, released });
    return { reached, resume };
  }

  async #call(operation: StorageOperation, real: (...args: unknown[]) => Promise<unknown>, args: unknown[]) {
    this.calls[operation] = (this.calls[operation] ?? 0) + 1;
    const first = args[0];
    const target = typeof first === 'number' ? this.#openPaths.get(first) : (first as string);
    const pauseAt = this.#pauses.findIndex((pause) => pause.operation === operation);
    if (pauseAt >= 0) {
      const [pause] = this.#pauses.splice(pauseAt, 1);
      pause!.arrived();
      await pause!.released;
    }
    const fault = this.#faults.find(
      (candidate) =>
        candidate.operation === operation &&
        (candidate.path === undefined || (target !== undefined && candidate.path(target))),
    );
    if (fault !== undefined) {
      if (fault.times !== undefined && --fault.times <= 0) {
        this.#faults = this.#faults.filter((candidate) => candidate !== fault);
      }
      if (operation === 'write' && fault.torn) await this.#writeHalf(real, args);
      throw storageError(fault.code, operation);
    }
    const result = await real(...args);
    if (operation === 'open') this.#openPaths.set(result as number, first as string);
    if (operation === 'close') this.#openPaths.delete(first as number);
    return result;
  }

  async #writeHalf(real: (...args: unknown[]) => Promise<unknown>, args: unknown[]): Promise<void> {
    const [fd, buffer, offset, length, position] = args as [number, Buffer, number, number, number | null];
    const half = Math.floor(length / 2);
    if (half === 0) return;
    try {
      await real(fd, buffer, offset, half, position);
    } catch (error) {
      // The injected error is the one to report; a real one here would only repeat it.
      if (errorCode(error) === undefined) throw error;
    }
  }
}
