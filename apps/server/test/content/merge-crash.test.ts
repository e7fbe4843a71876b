/**
 * Kill -9 test of merges. A child (`merge-crash-worker.ts`) opens the store as the server
 * does and, in several concurrent loops, makes change requests of a space, edits them,
 * brings the space into some (`update`), merges them, and edits the space live; it is
 * SIGKILLed at a random moment (while starting or while writing). After every cycle the test
 * opens the store itself, the way the server starts (the repair after an unclean shutdown
 * runs), and checks:
 * - the space points at a revision that exists, and every page and body of it reads, through
 *   the domain's reads;
 * - every revision record of the space is complete (its tree, pages, bodies and files are
 *   stored): a record is written after its objects, so a crash cannot leave one half-written;
 * - every change request the worker saw merged is 'merged' and its page is in the space:
 *   nothing acknowledged is lost;
 * - every revision a change request names (`revisionInitial`, `revision`,
 *   `revisionMergedAncestor`, `revisionMerged`) exists;
 * - the space's change-request counters equal a count of its change requests.
 *
 * The kill plan comes from a seed, printed with every cycle; QUIRE_CRASH_SEED replays one,
 * QUIRE_CRASH_CYCLES runs more cycles (default 4; 5 until the suite's 12 minutes ran out, nineteenth session). The second cycle kills while starting
 * whatever the draw, so every run kills at startup too (8 random cycles missed it in 4 runs of 10).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Caller,
  type ChangeRequestStatus,
  type ContentObject,
  changeRequestCountersOf,
  contentOperations,
  createOrganizationWithOwner,
  createUser,
  type DomainServices,
  executeOperation,
} from '@quire/domain';
import type { Store } from '@quire/store';
import { afterAll, expect, it } from 'vitest';
import { parseConfig } from '../../src/config';
import { openConfiguredStore } from '../../src/open-configured-store';
import { buildServices } from '../../src/services';
import { bundledWorker } from '../support/bundled-worker';
import { seededRandom } from '../support/seeded-random';

const SERVER_PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const WORKER = fileURLToPath(new URL('./merge-crash-worker.ts', import.meta.url));
const CYCLES = Number(process.env.QUIRE_CRASH_CYCLES ?? 4);
/** The cycle that kills while starting whatever the draw. */
const STARTUP_CYCLE = 1;
const SEED = Number(process.env.QUIRE_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** The worker's loops: three of change requests, one live (each rewrites lines of its own page). */
const LOOPS = 4;
const PARAGRAPHS = 6;
/** Workers loading their modules ahead of their cycle. */
const PRELOADED = 2;
/** The page a change request inserts (the worker titles it alike). */
const changeRequestPageTitle = (changeRequestId: string): string => `CR ${changeRequestId}`;

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

/**
 * `writing` counts its time from `ready`, or with `afterFirstMerge` from the cycle's first
 * acknowledged merge (the last cycle, when none was acknowledged yet: on a loaded machine
 * every kill could come before a merge ended, and the run would have tested nothing).
 */
type KillPlan =
  | { kind: 'startup'; afterMs: number }
  | { kind: 'writing'; afterMs: number; afterFirstMerge?: boolean };

interface Cycle {
  ops: Map<string, number>;
  merged: string[];
  sawReady: boolean;
  /** From `go` to `ready`: loading what was not loaded yet, opening the store. */
  readyMs: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Starts a worker that loads its modules and waits for `go`; `goAndKill` runs it and kills it as planned. */
function startWorker(seed: number, spaceId: string, userId: string) {
  const child = spawn(process.execPath, [...workerCommand, String(seed), spaceId, userId], {
    cwd: SERVER_PACKAGE,
    env: { ...process.env, ...envFor(dir) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  const cycle: Cycle = {
    ops: new Map(),
    merged: [],
    sawReady: false,
    readyMs: null,
    signal: null,
    stderr: '',
  };
  let plan: KillPlan | undefined;
  let wentAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const kill = () => child.kill('SIGKILL');
  let partial = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('op ')) {
        const kind = line.slice(3);
        cycle.ops.set(kind, (cycle.ops.get(kind) ?? 0) + 1);
      } else if (line.startsWith('merged ')) {
        cycle.merged.push(line.slice(7));
        if (plan?.kind === 'writing' && plan.afterFirstMerge && cycle.merged.length === 1) {
          clearTimeout(timer);
          timer = setTimeout(kill, plan.afterMs);
        }
      } else if (line === 'ready') {
        cycle.sawReady = true;
        cycle.readyMs = Math.round(performance.now() - wentAt);
        // Waiting for a first merge, a worker that makes none is still killed (and the test fails).
        if (plan?.kind === 'writing') timer = setTimeout(kill, plan.afterFirstMerge ? 30_000 : plan.afterMs);
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
      wentAt = performance.now();
      child.stdin.write('go\n');
      if (chosen.kind === 'startup') timer = setTimeout(kill, chosen.afterMs);
      return closed;
    },
  };
}

/** A stored document as the checks read it. */
interface LooseDocument {
  _id: string;
  [field: string]: unknown;
}

/**
 * What is missing of the tree at `treeAddress` (tree, page and body objects, each of its
 * kind), read straight from the content-object repository level by level. `known` keeps
 * the objects already read (a missing one as null), shared across the revisions checked.
 */
async function missingOfTree(
  services: DomainServices,
  treeAddress: string,
  known: Map<string, ContentObject | null>,
): Promise<string[]> {
  const read = async (addresses: string[]) => {
    const unknown = [...new Set(addresses.filter((address) => !known.has(address)))];
    if (unknown.length > 0) {
      const found = await services.repos.contentObjects.getMany(unknown);
      for (const address of unknown) known.set(address, found.get(address) ?? null);
    }
  };
  const missing: string[] = [];
  const ofKind = (address: string, kind: ContentObject['kind']) => {
    const object = known.get(address);
    if (object?.kind === kind) return object;
    missing.push(`${kind} ${address}`);
    return null;
  };
  let trees = [treeAddress];
  while (trees.length > 0) {
    await read(trees);
    const pageAddresses = trees.flatMap((address) => {
      const tree = ofKind(address, 'tree');
      return tree?.kind === 'tree' ? tree.pages : [];
    });
    await read(pageAddresses);
    const pages = pageAddresses.flatMap((address) => {
      const page = ofKind(address, 'page');
      return page?.kind === 'page' ? [page] : [];
    });
    await read(pages.map((page) => page.body));
    for (const page of pages) ofKind(page.body, 'body');
    trees = pages.flatMap((page) => (page.children ? [page.children] : []));
  }
  return missing;
}

/** Every broken promise of the store after a restart, one line each (none: all is well). */
async function problemsOf(
  store: Store,
  services: DomainServices,
  caller: Caller,
  spaceId: string,
  acknowledged: ReadonlySet<string>,
): Promise<string[]> {
  const problems: string[] = [];
  const space = await services.repos.spaces.findById(spaceId);
  if (!space?.revisionId) return [`space ${spaceId} points at no revision`];
  const revisions = await store.db.collection<LooseDocument>('revisions').find({ spaceId }).toArray();
  const revisionIds = new Set(revisions.map((revision) => revision._id));
  if (!revisionIds.has(space.revisionId))
    return [`space points at revision ${space.revisionId}, which is missing`];

  // Every revision record is complete: objects are written before the record.
  const known = new Map<string, ContentObject | null>();
  for (const revision of revisions) {
    const missing = await missingOfTree(services, String(revision.tree), known);
    const files = await services.repos.contentObjects.getMany([String(revision.files)]);
    if (files.get(String(revision.files))?.kind !== 'files') missing.push(`files ${String(revision.files)}`);
    if (missing.length > 0) {
      const head = revision._id === space.revisionId ? ' (the space head)' : '';
      problems.push(
        `revision ${revision._id}${head} (${String(revision.kind)}) misses ${missing.join(', ')}`,
      );
    }
  }

  // The head reads through the domain: its content, and every page with its body.
  const ctx = { ...services, caller };
  const { spaces } = contentOperations;
  const content = await executeOperation(spaces.content.get, ctx, { spaceId });
  expect(content.id).toBe(space.revisionId);
  const titles = new Set<string>();
  const pageIds: string[] = [];
  const walk = (pages: ReadonlyArray<{ id: string; title: string; pages?: unknown }>) => {
    for (const page of pages) {
      titles.add(page.title);
      pageIds.push(page.id);
      if (Array.isArray(page.pages)) walk(page.pages);
    }
  };
  walk(content.pages as ReadonlyArray<{ id: string; title: string; pages?: unknown }>);
  for (const pageId of pageIds) {
    const page = await executeOperation(spaces.content.page.get, ctx, {
      spaceId,
      pageId,
      format: 'markdown',
    });
    if (!('markdown' in page) || typeof page.markdown !== 'string')
      problems.push(`page ${pageId} has no markdown`);
  }

  // Nothing acknowledged is lost, and change requests point at revisions that exist.
  const changeRequests = await store.db
    .collection<LooseDocument>('changeRequests')
    .find({ spaceId })
    .toArray();
  const byId = new Map(changeRequests.map((changeRequest) => [changeRequest._id, changeRequest]));
  for (const id of acknowledged) {
    if (!titles.has(changeRequestPageTitle(id)))
      problems.push(`merged change request ${id}: its page is not in the space`);
    const status = byId.get(id)?.status;
    if (status !== 'merged') problems.push(`merged change request ${id} is ${String(status)}`);
  }
  for (const changeRequest of changeRequests) {
    for (const field of ['revisionInitial', 'revision', 'revisionMergedAncestor', 'revisionMerged']) {
      const revisionId = changeRequest[field];
      if (revisionId !== undefined && !revisionIds.has(String(revisionId))) {
        problems.push(`change request ${changeRequest._id}: ${field} ${String(revisionId)} is missing`);
      }
    }
  }

  // The repair recounted the space's change-request counters.
  const counted = changeRequestCountersOf(
    changeRequests.map((changeRequest) => changeRequest.status as ChangeRequestStatus),
  );
  const { changeRequests: total, changeRequestsOpen: open, changeRequestsDraft: draft } = space.counters;
  expect({ changeRequests: total, changeRequestsOpen: open, changeRequestsDraft: draft }).toEqual(counted);
  return problems;
}

/** The body of a loop's page: numbered paragraphs, whose lines the loops rewrite. */
const loopPageMarkdown = (loop: number): string =>
  `${Array.from({ length: PARAGRAPHS }, (_, line) => `Loop ${loop} line ${line}.`).join('\n\n')}\n`;

it(`keeps every merge whole and every acknowledged one after SIGKILLs (${CYCLES} cycles, seed ${SEED})`, async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-merge-crash-'));
  ({ command: workerCommand, dir: bundleDir } = await bundledWorker(WORKER));
  const config = parseConfig(envFor(dir));
  let spaceId = '';
  let caller: Caller;
  {
    const store = await openConfiguredStore(config);
    const services = await buildServices({ config, store });
    const owner = await createUser(services, {
      displayName: 'Owner',
      email: 'owner@example.test',
      isInstanceAdmin: false,
    });
    const organization = await createOrganizationWithOwner(services, { title: 'Merge crash', owner });
    caller = { userId: owner.id, tokenId: 'merge-crash-test', isInstanceAdmin: false };
    const ctx = { ...services, caller };
    const space = await executeOperation(contentOperations.spaces.create, ctx, {
      organizationId: organization.id,
      title: 'Crash',
    });
    spaceId = space.id;
    await executeOperation(contentOperations.spaces.content.update, ctx, {
      spaceId,
      changes: Array.from({ length: LOOPS }, (_, loop) => ({
        operation: 'insert_page' as const,
        title: `Loop ${loop}`,
        document: { markdown: loopPageMarkdown(loop) },
      })),
    });
    await store.close();
  }

  const random = seededRandom(SEED);
  const acknowledged = new Set<string>();
  const ops = new Map<string, number>();
  // The test's own open after each cycle repairs, so a worker starts on a store closed cleanly.
  const figures = { cycles: 0, killedBeforeReady: 0, repairedAtVerify: 0, verifyMs: 0 };
  // Workers load their modules ahead (most of a cycle's time); each opens the store only at `go`.
  const ahead: Array<ReturnType<typeof startWorker>> = [];
  let started = 0;
  const preload = () => {
    while (ahead.length < PRELOADED && started < CYCLES)
      ahead.push(startWorker(SEED + started++, spaceId, caller.userId));
  };
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    preload();
    const worker = ahead.shift();
    if (!worker) throw new Error('no worker preloaded');
    const last = cycle === CYCLES - 1;
    const plan: KillPlan =
      !last && (cycle === STARTUP_CYCLE || random() < 0.1)
        ? { kind: 'startup', afterMs: Math.floor(random() * 300) }
        : {
            kind: 'writing',
            afterMs: 100 + Math.floor(random() * 1200),
            ...(last && acknowledged.size === 0 ? { afterFirstMerge: true } : {}),
          };
    const running = worker.goAndKill(plan);
    preload();
    const result = await running;
    const context = `seed ${SEED}, cycle ${cycle}, plan ${JSON.stringify(plan)}`;
    expect(result.signal, `${context}: the worker died on its own\n${result.stderr}`).toBe('SIGKILL');
    figures.cycles++;
    if (!result.sawReady) figures.killedBeforeReady++;
    for (const id of result.merged) acknowledged.add(id);
    for (const [kind, count] of result.ops) ops.set(kind, (ops.get(kind) ?? 0) + count);
    console.info(
      `${context}: ready after ${result.readyMs} ms, ${JSON.stringify(Object.fromEntries(result.ops))}, ${result.merged.length} merged`,
    );

    const verifying = performance.now();
    const lines: string[] = [];
    const capture = (fields: Record<string, unknown>, message: string) =>
      lines.push(`${message} ${JSON.stringify(fields)}`);
    const store = await openConfiguredStore(config, { log: { info: capture, warn: capture } });
    try {
      const services = await buildServices({ config, store });
      const problems = await problemsOf(store, services, caller, spaceId, acknowledged);
      expect(problems, `${context}\n${lines.join('\n')}`).toEqual([]);
    } finally {
      await store.close();
    }
    if (lines.length > 0) figures.repairedAtVerify++;
    figures.verifyMs += performance.now() - verifying;
  }
  console.info(`merge crash test, seed ${SEED}:`, {
    ...figures,
    verifyMs: Math.round(figures.verifyMs),
    acknowledgedMerges: acknowledged.size,
    ops: Object.fromEntries(ops),
  });
  expect(
    acknowledged.size,
    'no merge was acknowledged: the kills came too early to test anything',
  ).toBeGreaterThan(0);
}, 600_000);
