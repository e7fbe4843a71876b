/** Shared by the durability tests: temporary directories, a stand-in engine, bit flips. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { applyBatch } from '../../src/durability/apply-batch';
import type { DatabaseState, Journal, JournalOp } from '../../src/journal-types';

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

/** Flips bits of one byte in place, as bit rot or a stray write would. */
export function flipBits(buffer: Buffer, offset: number, mask = 0x01): void {
  buffer.writeUInt8(buffer.readUInt8(offset) ^ mask, offset);
}
