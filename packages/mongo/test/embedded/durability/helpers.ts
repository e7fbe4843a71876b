/** Shared by the durability tests: temporary directories, a stand-in engine, failing file systems. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { applyBatch } from '../../../src/embedded/durability/apply-batch';
import { nodeStorageFs, type StorageFs } from '../../../src/embedded/durability/storage-fs';
import type { DatabaseState, Journal, JournalOp } from '../../../src/embedded/journal-types';

const created: string[] = [];

/** A fresh directory under the OS temp dir, removed after the test. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'quire-durability-'));
  created.push(dir);
  return dir;
}

afterEach(async () => {
  for (const dir of created.splice(0)) await rm(dir, { recursive: true, force: true });
});

/**
 * Plays the engine's part: applies a batch in memory, then commits it, in the same synchronous
 * step (as the real engine must), and lends deep copies of its state to compaction.
 */
export class StandInEngine {
  constructor(
    readonly state: DatabaseState,
    private readonly journal: Journal,
  ) {}

  write(ops: JournalOp[]): Promise<void> {
    applyBatch(this.state, ops);
    return this.journal.commit(ops);
  }

  insert(collection: string, id: string, fields: Record<string, unknown> = {}): Promise<void> {
    return this.write([{ op: 'put', c: collection, id, doc: JSON.stringify({ _id: id, ...fields }) }]);
  }

  snapshot = (): DatabaseState => copyState(this.state);
}

export function copyState(state: DatabaseState): DatabaseState {
  const copy: DatabaseState = new Map();
  for (const [name, collection] of state) {
    copy.set(name, {
      docs: new Map(collection.docs),
      indexes: collection.indexes.map((index) => ({ ...index })),
    });
  }
  return copy;
}

/** A plain-object view of a state, for `toEqual`. */
export function plain(
  state: DatabaseState,
): Record<string, { docs: Record<string, string>; indexes: unknown[] }> {
  const result: Record<string, { docs: Record<string, string>; indexes: unknown[] }> = {};
  for (const [name, collection] of state) {
    result[name] = { docs: Object.fromEntries(collection.docs), indexes: collection.indexes };
  }
  return result;
}

export function errnoError(code: string, syscall: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: injected failure, ${syscall}`);
  error.code = code;
  error.syscall = syscall;
  return error;
}

type FsOp = keyof StorageFs;

/**
 * The real file system with failures on demand: `fail.fdatasync = 'EIO'` makes every following
 * fdatasync fail until reset to undefined; `failWhen` decides per call, given the path the
 * call concerns (descriptors are mapped back to the path they were opened with).
 */
export function faultyFs() {
  const fail: Partial<Record<FsOp, string>> = {};
  const control: { failWhen: (op: FsOp, target: string | undefined) => string | undefined } = {
    failWhen: () => undefined,
  };
  const calls: Partial<Record<FsOp, number>> = {};
  const openPaths = new Map<number, string>();
  const wrapped = {} as Record<FsOp, unknown>;
  for (const name of Object.keys(nodeStorageFs) as FsOp[]) {
    const real = nodeStorageFs[name] as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = async (...args: unknown[]) => {
      calls[name] = (calls[name] ?? 0) + 1;
      const first = args[0];
      const target = typeof first === 'number' ? openPaths.get(first) : (first as string);
      const code = fail[name] ?? control.failWhen(name, target);
      if (code !== undefined) throw errnoError(code, name);
      const result = await real(...args);
      if (name === 'open') openPaths.set(result as number, first as string);
      return result;
    };
  }
  return { fs: wrapped as StorageFs, fail, control, calls };
}

/** Flips bits of one byte in place, as bit rot or a stray write would. */
export function flipBits(buffer: Buffer, offset: number, mask = 0x01): void {
  buffer.writeUInt8(buffer.readUInt8(offset) ^ mask, offset);
}
