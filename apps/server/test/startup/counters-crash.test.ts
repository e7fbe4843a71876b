/**
 * Kill -9 test of the counters kept by `$inc` beside each organization (members, admins,
 * active spaces). A child (`counters-crash-worker.ts`) opens the store as the server does and
 * changes memberships and spaces as fast as it can; it is SIGKILLed at a random moment (while
 * starting, repairing, or writing), and the store is opened again. Every few cycles the test
 * opens it itself, the way the server does, and compares each counter with a brute-force
 * count of the documents: after the repair they must be equal.
 *
 * The kill plan comes from a seed, printed with every cycle; QUIRE_CRASH_SEED replays one,
 * QUIRE_CRASH_CYCLES runs more cycles (default 6; 8 until the suite's 12 minutes ran out, nineteenth session). The second cycle kills while starting
 * whatever the draw (the first left a repair to do), so every run kills at startup too (12
 * random cycles missed it in one run of 7).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOrganizationWithOwner, createUser } from '@quire/domain';
import type { Store } from '@quire/store';
import { afterAll, expect, it } from 'vitest';
import { parseConfig } from '../../src/config';
import { openConfiguredStore } from '../../src/open-configured-store';
import { buildServices } from '../../src/services';
import { bundledWorker } from '../support/bundled-worker';
import { seededRandom } from '../support/seeded-random';

const SERVER_PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const WORKER = fileURLToPath(new URL('./counters-crash-worker.ts', import.meta.url));
const CYCLES = Number(process.env.QUIRE_CRASH_CYCLES ?? 6);
/** The cycle that kills while starting or repairing whatever the draw. */
const STARTUP_CYCLE = 1;
const ORGANIZATIONS = 3;
/** The test opens the store and checks the counters after every VERIFY_EVERY-th cycle (and the last). */
const VERIFY_EVERY = 3;
const SEED = Number(process.env.QUIRE_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));

let dir = '';
/** The worker, bundled once (`bundledWorker`): `node <bundle>`, and the bundle's folder. */
let workerCommand: string[] = [];
let bundleDir = '';
const live = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of live) child.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
  if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
});

const envFor = (dataDir: string) => ({ PORT: '0', QUIRE_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

type KillPlan = { kind: 'startup'; afterMs: number } | { kind: 'writing'; afterMs: number };

interface Cycle {
  ops: number;
  sawReady: boolean;
  /** The repair lines the worker logged at its start. */
  repairs: string[];
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Starts a worker that loads its modules and waits for `go`; `goAndKill` runs it and kills it as planned. */
function startWorker(seed: number) {
  const child = spawn(process.execPath, [...workerCommand, String(seed)], {
    cwd: SERVER_PACKAGE,
    env: { ...process.env, ...envFor(dir) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  const cycle: Cycle = { ops: 0, sawReady: false, repairs: [], signal: null, stderr: '' };
  let plan: KillPlan | undefined;
  let timer: NodeJS.Timeout | undefined;
  const kill = () => child.kill('SIGKILL');
  let partial = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('op ')) cycle.ops++;
      else if (line.startsWith('log ')) cycle.repairs.push(line.slice(4));
      else if (line === 'ready') {
        cycle.sawReady = true;
        if (plan?.kind === 'writing') timer = setTimeout(kill, plan.afterMs);
      }
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    cycle.stderr += chunk;
  });
  const closed = new Promise<Cycle>((resolve) => {
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      cycle.signal = signal;
      resolve(cycle);
    });
  });
  return {
    goAndKill(chosen: KillPlan): Promise<Cycle> {
      plan = chosen;
      child.stdin.write('go\n');
      if (chosen.kind === 'startup') timer = setTimeout(kill, chosen.afterMs);
      return closed;
    },
  };
}

/** A stored document as the brute-force count reads it. */
interface LooseDocument {
  _id: string;
  [field: string]: unknown;
}

/** Counters that differ from a brute-force count of the documents, one line each. */
async function counterMismatches(store: Store): Promise<string[]> {
  const all = (name: string) => store.db.collection<LooseDocument>(name).find({}).toArray();
  const [organizations, members, spaces, spaceCounts] = await Promise.all([
    all('organizations'),
    all('members'),
    all('spaces'),
    all('spaceCounts'),
  ]);
  const mismatches: string[] = [];
  for (const org of organizations) {
    const id = String(org._id);
    const own = members.filter((member) => member.organizationId === id);
    const admins = own.filter((member) => member.role === 'admin').length;
    const active = spaces.filter(
      (space) => space.organizationId === id && space.deletedAt === undefined,
    ).length;
    const counter = spaceCounts.find((count) => count._id === id)?.active ?? 0;
    if (org.memberCount !== own.length)
      mismatches.push(`${id} memberCount ${org.memberCount} != ${own.length}`);
    if (org.adminCount !== admins) mismatches.push(`${id} adminCount ${org.adminCount} != ${admins}`);
    if (counter !== active) mismatches.push(`${id} active spaces ${counter} != ${active}`);
    // The guard of the last admin: an organization always keeps one.
    if (admins < 1) mismatches.push(`${id} has no admin`);
  }
  return mismatches;
}

it(`repairs the counters after SIGKILLs (${CYCLES} cycles, seed ${SEED})`, async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-counters-crash-'));
  ({ command: workerCommand, dir: bundleDir } = await bundledWorker(WORKER));
  const config = parseConfig(envFor(dir));
  {
    const store = await openConfiguredStore(config);
    const services = await buildServices({ config, store });
    for (let n = 0; n < ORGANIZATIONS; n++) {
      const owner = await createUser(services, {
        displayName: `Owner ${n}`,
        email: `owner-${n}@example.test`,
        isInstanceAdmin: false,
      });
      await createOrganizationWithOwner(services, { title: `Crash org ${n}`, owner });
    }
    await store.close();
  }

  const random = seededRandom(SEED);
  const figures = { cycles: 0, ops: 0, verified: 0, killedBeforeReady: 0, repairedAtWorkerStart: 0 };
  let next = startWorker(SEED);
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const worker = next;
    const plan: KillPlan =
      cycle === STARTUP_CYCLE || random() < 0.15
        ? { kind: 'startup', afterMs: Math.floor(random() * 300) }
        : { kind: 'writing', afterMs: 50 + Math.floor(random() * 600) };
    const running = worker.goAndKill(plan);
    // The next worker loads its modules meanwhile; it opens the store only at `go`.
    if (cycle < CYCLES - 1) next = startWorker(SEED + cycle + 1);
    const result = await running;
    const context = `seed ${SEED}, cycle ${cycle}, plan ${JSON.stringify(plan)}`;
    expect(result.signal, `${context}: the worker died on its own\n${result.stderr}`).toBe('SIGKILL');
    figures.cycles++;
    figures.ops += result.ops;
    if (!result.sawReady) figures.killedBeforeReady++;
    if (result.repairs.length > 0) figures.repairedAtWorkerStart++;
    console.info(
      `${context}: ${result.ops} operations${result.repairs.length ? `; worker start: ${result.repairs.join(' ')}` : ''}`,
    );

    if ((cycle + 1) % VERIFY_EVERY === 0 || cycle === CYCLES - 1) {
      const lines: string[] = [];
      const capture = (fields: Record<string, unknown>, message: string) =>
        lines.push(`${message} ${JSON.stringify(fields)}`);
      const store = await openConfiguredStore(config, { log: { info: capture, warn: capture } });
      try {
        expect(await counterMismatches(store), `${context}\n${lines.join('\n')}`).toEqual([]);
      } finally {
        await store.close();
      }
      figures.verified++;
      console.info(`${context}: verified after restart. ${lines.at(-1) ?? '(no repair needed)'}`);
    }
  }
  console.info(`counters crash test, seed ${SEED}:`, figures);
}, 600_000);
