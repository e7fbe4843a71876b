/**
 * Kill -9 of a writer whose every change carries an attached document (the audit log's
 * event, `withAttachedWrite`): after each SIGKILL (while it opens, while it writes, through
 * compactions) the reopened store holds an event for every change and a change for every
 * event, and every change acknowledged with its event. The kill plan comes from a seed:
 *   QUIRE_CRASH_SEED=<seed> QUIRE_CRASH_KILLS=<n> npx vitest run packages/store-embedded/test/attached-write-crash.test.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../src';
import { type BundledChild, bundledChild } from './bundled-child';
import { seededRandom } from './engine/random-queries';

const here = path.dirname(fileURLToPath(import.meta.url));
const KILLS = Number(process.env.QUIRE_CRASH_KILLS ?? 2);
const SEED = Number(process.env.QUIRE_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));

let dir = '';
/** `attached-write-writer.ts`, bundled once (`bundled-child.ts`). */
let writer: BundledChild | undefined;
const live = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of live) child.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
  await writer?.remove();
});

/** Runs a writer until it is killed `afterMs` after it is ready; the changes it acknowledged. */
function runWriter(run: number, afterMs: number): Promise<{ acknowledged: string[]; stderr: string }> {
  const child = spawn(process.execPath, [(writer as BundledChild).file, dir, String(run)], {
    cwd: path.resolve(here, '..'),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  const acknowledged: string[] = [];
  let stderr = '';
  let partial = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    // A line cut by the kill acknowledges nothing.
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line === 'ready') setTimeout(() => child.kill('SIGKILL'), afterMs);
      else if (line.startsWith('a ')) acknowledged.push(line.slice(2));
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  child.stdin.write('go\n');
  return new Promise((resolve) => {
    child.on('close', () => {
      live.delete(child);
      resolve({ acknowledged, stderr });
    });
  });
}

describe('changes with attached events, killed with SIGKILL', () => {
  it(`never leave a change without its event nor an event without its change (seed ${SEED}, ${KILLS} kills)`, {
    timeout: 20_000 + KILLS * 10_000,
  }, async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'quire-attached-crash-'));
    writer = await bundledChild(path.join(here, 'attached-write-writer.ts'));
    const random = seededRandom(SEED);
    const everAcknowledged: string[] = [];
    let changesSeen = 0;
    for (let run = 0; run < KILLS; run++) {
      const afterMs = 100 + Math.floor(random() * 400);
      const { acknowledged, stderr } = await runWriter(run, afterMs);
      everAcknowledged.push(...acknowledged);
      const store = await openEmbeddedStore(dir);
      const changes = await store.db.collection<{ _id: string; step: number }>('changes').find({}).toArray();
      const events = await store.db.collection<{ _id: string; change: string }>('events').find({}).toArray();
      await store.close();
      const changeIds = changes.map((change) => change._id).sort();
      const eventChanges = events.map((event) => event.change).sort();
      const context = `seed ${SEED}, run ${run}, killed ${afterMs} ms after ready; ${stderr}`;
      expect(eventChanges, context).toEqual(changeIds);
      const stored = new Map(changes.map((change) => [change._id, change.step]));
      for (const id of everAcknowledged) expect(stored.get(id), `${context}: ${id}`).toBe(2);
      changesSeen = changeIds.length;
    }
    console.log(
      `attached-write crash: seed ${SEED}, ${KILLS} kills, ${everAcknowledged.length} changes acknowledged, ` +
        `${changesSeen} changes and as many events after the last restart`,
    );
    expect(everAcknowledged.length).toBeGreaterThan(0);
  });
});
