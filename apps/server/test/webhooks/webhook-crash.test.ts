/**
 * Kill -9 of a server whose organization has a webhook endpoint (issue 32, item 1): clients
 * create spaces and rename two shared ones over HTTP while the server (a child,
 * `webhook-crash-server.ts`) is SIGKILLed, at two points (the seed picks the nth time):
 * - just before an operation stores its `space.created` delivery (its change is written): the
 *   event exists only as its audit event's outbox, and the restart's sweep must make it;
 * - just after a delivery succeeded, before the next waiting one of its resource is started:
 *   the sweep must start it (anything else in flight dies with it).
 * After the last restart: every space the store holds (acknowledged or not) has its
 * `space.created` delivery at the receiver on loopback; every acknowledged rename has one;
 * no event arrives under two delivery ids (a delivery may be posted again after a kill, with
 * the same delivery id: receivers dedupe on it). Fails without the recovery sweep.
 *
 * QUIRE_CRASH_SEED replays a run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  contentOperations,
  createOrganizationWithOwner,
  createUser,
  executeOperation,
  issueApiToken,
  webhooksOperations,
} from '@quire/domain';
import { afterAll, expect, it } from 'vitest';
import { parseConfig } from '../../src/config';
import { openConfiguredStore } from '../../src/open-configured-store';
import { buildServices } from '../../src/services';
import { bundledWorker } from '../support/bundled-worker';
import { seededRandom } from '../support/seeded-random';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const SERVER_PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./webhook-crash-server.ts', import.meta.url));
const SEED = Number(process.env.QUIRE_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const LOOPS = 4;
const HOOK = '/hook';
/** A second endpoint, of renames only, whose first answer the test holds so that renames queue behind it. */
const SLOW = '/slow';

let dir = '';
let bundleDir = '';
let receiver: WebhookReceiver | undefined;
const live = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of live) child.kill('SIGKILL');
  await receiver?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
});

const envFor = (dataDir: string) => ({
  PORT: '0',
  HOST: '127.0.0.1',
  QUIRE_DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  QUIRE_JOBS_IN_SERVER: 'false',
  QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
});

interface Child {
  /** Starts the server (its modules are loaded meanwhile) with the kill plan. */
  go(plan: string): void;
  url: Promise<string>;
  closed: Promise<{ signal: NodeJS.Signals | null; killedAt: string | null; stderr: string; said: string[] }>;
  kill(): void;
  stop(): void;
}

function startChild(command: string[]): Child {
  const child = spawn(process.execPath, command, {
    cwd: SERVER_PACKAGE,
    env: { ...process.env, ...envFor(dir) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  let killedAt: string | null = null;
  let stderr = '';
  /** What the child printed besides its url and kill point (for a failure's message). */
  const said: string[] = [];
  let partial = '';
  let gotUrl: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => {
    gotUrl = resolve;
  });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('url ')) gotUrl(line.slice(4));
      else if (line.startsWith('killed ')) killedAt = line.slice(7);
      else {
        said.push(line);
        if (process.env.DEBUG_CRASH) console.info(line);
      }
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const closed = new Promise<{
    signal: NodeJS.Signals | null;
    killedAt: string | null;
    stderr: string;
    said: string[];
  }>((resolve) => {
    child.on('close', (_code, signal) => {
      live.delete(child);
      resolve({ signal, killedAt, stderr, said });
    });
  });
  return {
    go: (plan) => child.stdin.write(`go ${plan}\n`),
    url,
    closed,
    kill: () => child.kill('SIGKILL'),
    stop: () => child.kill('SIGTERM'),
  };
}

interface Acknowledged {
  created: Set<string>;
  /** Renames of each shared space answered 200. */
  renamed: Map<string, number>;
  onRename?: (() => void) | undefined;
  /** Why each client loop stopped (for a failure's message). */
  stops: string[];
}

const renamesOf = (acknowledged: Acknowledged) =>
  [...acknowledged.renamed.values()].reduce((sum, count) => sum + count, 0);

/** A client loop: creates a space, renames a shared one, again, until the server is gone. */
async function clientLoop(
  base: string,
  token: string,
  organizationId: string,
  shared: readonly string[],
  tag: string,
  acknowledged: Acknowledged,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (let n = 0; ; n++) {
    try {
      const created = await fetch(`${base}/v1/orgs/${organizationId}/spaces`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: `c-${tag}-${n}` }),
      });
      if (created.status !== 201) {
        acknowledged.stops.push(`${tag}: creation answered ${created.status} ${await created.text()}`);
        return;
      }
      acknowledged.created.add(((await created.json()) as { id: string }).id);
      const spaceId = shared[n % shared.length] as string;
      const renamed = await fetch(`${base}/v1/spaces/${spaceId}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ title: `s-${tag}-${n}` }),
      });
      if (renamed.status !== 200) {
        acknowledged.stops.push(`${tag}: rename answered ${renamed.status} ${await renamed.text()}`);
        return;
      }
      await renamed.arrayBuffer();
      acknowledged.renamed.set(spaceId, (acknowledged.renamed.get(spaceId) ?? 0) + 1);
      acknowledged.onRename?.();
    } catch (error) {
      acknowledged.stops.push(`${tag}: ${String(error)}`);
      return; // the server was killed
    }
  }
}

interface Delivered {
  /** Event id -> the delivery ids it came under. */
  deliveriesOf: Map<string, Set<string>>;
  created: Set<string>;
  /** Shared space -> distinct `space.updated` events. */
  renamed: Map<string, Set<string>>;
  recovered: number;
}

function deliveredSoFar(received: WebhookReceiver['received'], path: string): Delivered {
  const delivered: Delivered = {
    deliveriesOf: new Map(),
    created: new Set(),
    renamed: new Map(),
    recovered: 0,
  };
  const recovered = new Set<string>();
  for (const request of received) {
    if (request.path !== path) continue;
    const event = JSON.parse(request.body) as {
      id: string;
      type: string;
      data: { space: { id: string }; recovered?: boolean };
    };
    const ids = delivered.deliveriesOf.get(event.id) ?? new Set<string>();
    ids.add(String(request.headers['quire-delivery']));
    delivered.deliveriesOf.set(event.id, ids);
    if (event.data.recovered) recovered.add(event.id);
    if (event.type === 'space.created') delivered.created.add(event.data.space.id);
    if (event.type === 'space.updated') {
      const events = delivered.renamed.get(event.data.space.id) ?? new Set<string>();
      events.add(event.id);
      delivered.renamed.set(event.data.space.id, events);
    }
  }
  delivered.recovered = recovered.size;
  return delivered;
}

/** What is not delivered yet of what must be (`spaces`: whose creation the endpoint receives). */
function missingOf(delivered: Delivered, spaces: readonly string[], acknowledged: Acknowledged): string[] {
  const missing = spaces.filter((id) => !delivered.created.has(id)).map((id) => `space.created of ${id}`);
  for (const [spaceId, count] of acknowledged.renamed) {
    const got = delivered.renamed.get(spaceId)?.size ?? 0;
    if (got < count) missing.push(`${count - got} space.updated of ${spaceId}`);
  }
  return missing;
}

/** Resolves at the receiver's next request, whatever its path. */
function nextPost(receiver: WebhookReceiver): Promise<void> {
  const countOf = (path: string) => receiver.received.filter((request) => request.path === path).length;
  return Promise.race([HOOK, SLOW].map((path) => receiver.waitFor(path, countOf(path) + 1))).then(
    () => undefined,
  );
}

it(`delivers the webhook event of every change after SIGKILLs (seed ${SEED})`, async () => {
  const testStarted = performance.now();
  dir = await mkdtemp(join(tmpdir(), 'quire-webhook-crash-'));
  const bundled = await bundledWorker(CHILD);
  bundleDir = bundled.dir;
  receiver = await startWebhookReceiver();
  const config = parseConfig(envFor(dir));
  let organizationId = '';
  let token = '';
  const shared: string[] = [];
  {
    const store = await openConfiguredStore(config);
    const services = await buildServices({ config, store });
    const owner = await createUser(services, {
      displayName: 'Owner',
      email: 'owner@example.test',
      isInstanceAdmin: false,
    });
    const organization = await createOrganizationWithOwner(services, { title: 'Webhook crash', owner });
    organizationId = organization.id;
    token = (await issueApiToken(services, { userId: owner.id, name: 'crash test' })).token;
    const ctx = { ...services, caller: { userId: owner.id, tokenId: 'setup', isInstanceAdmin: false } };
    for (const title of ['Shared A', 'Shared B'])
      shared.push(
        (await executeOperation(contentOperations.spaces.create, ctx, { organizationId, title })).id,
      );
    await executeOperation(webhooksOperations.orgs.webhooks.create, ctx, {
      organizationId,
      url: receiver.url(HOOK),
      events: ['space.created', 'space.updated'],
    });
    await executeOperation(webhooksOperations.orgs.webhooks.create, ctx, {
      organizationId,
      url: receiver.url(SLOW),
      events: ['space.updated'],
    });
    await store.close();
  }

  const random = seededRandom(SEED);
  // Two kills (each child start costs most of the test's time), where the seed says.
  const plans = [`created:${1 + Math.floor(random() * 4)}`, 'finished:1'];
  const acknowledged: Acknowledged = { created: new Set(), renamed: new Map(), stops: [] };
  const started = performance.now();
  console.info(`bundled and set up in ${Math.round(started - testStarted)} ms`);
  // Each child loads its modules while the one before runs (most of a cycle's time).
  let next = startChild(bundled.command);
  for (const [cycle, plan] of plans.entries()) {
    // Renames queue behind the held first one. It is answered once each shared space has two
    // more acknowledged renames than when it arrived, so a later delivery of its resource waits
    // whichever space it is of (it may be a delivery the restart recovered). Counting renames
    // of any space instead left the point unreached when all of them were of the other one.
    let release: () => void = () => {};
    acknowledged.onRename = undefined;
    if (plan.startsWith('finished')) {
      receiver.answer(SLOW, { hold: new Promise<void>((resolve) => (release = resolve)), status: 200 });
      const slowBefore = receiver.received.filter((request) => request.path === SLOW).length;
      void receiver.waitFor(SLOW, slowBefore + 1).then(() => {
        const atArrival = new Map(acknowledged.renamed);
        const check = () => {
          if (shared.every((id) => (acknowledged.renamed.get(id) ?? 0) >= (atArrival.get(id) ?? 0) + 2))
            release();
        };
        acknowledged.onRename = check;
        check();
      });
    }
    const child = next;
    child.go(plan);
    next = startChild(bundled.command);
    const base = await Promise.race([
      child.url,
      child.closed.then(({ stderr }) => Promise.reject(new Error(stderr))),
    ]);
    // A planned point not reached in 15 s is killed there too (and the test fails).
    const timer = setTimeout(child.kill, 15_000);
    await Promise.all(
      Array.from({ length: LOOPS }, (_, loop) =>
        clientLoop(base, token, organizationId, shared, `${cycle}-${loop}`, acknowledged),
      ),
    );
    const { signal, killedAt, stderr, said } = await child.closed;
    clearTimeout(timer);
    const context = `seed ${SEED}, cycle ${cycle}, plan ${plan}`;
    expect(signal, `${context}: the server died on its own\n${stderr}`).toBe('SIGKILL');
    expect(
      killedAt,
      `${context}: the planned point was not reached; the clients stopped: ${acknowledged.stops.slice(-LOOPS).join('; ')}; the child said:\n${said.slice(-30).join('\n')}`,
    ).not.toBeNull();
    console.info(
      `${context}: killed ${killedAt ?? 'by the test'} (${Math.round(performance.now() - started)} ms; ` +
        `${acknowledged.created.size} creations and ${renamesOf(acknowledged)} renames acknowledged so far)`,
    );
  }

  // The last restart: its startup sweep recovers what the kills left; its worker delivers.
  const last = next;
  last.go('none');
  const base = await last.url;
  const spaces: string[] = [];
  let page: string | undefined;
  do {
    const listed = await fetch(
      `${base}/v1/orgs/${organizationId}/spaces?limit=100${page ? `&page=${page}` : ''}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const body = (await listed.json()) as { items: Array<{ id: string }>; next?: { page: string } };
    spaces.push(...body.items.map((space) => space.id).filter((id) => !shared.includes(id)));
    page = body.next?.page;
  } while (page);
  for (const id of acknowledged.created)
    expect(spaces, `acknowledged space ${id} is in the store`).toContain(id);

  // Waits for deliveries (each request to the receiver looks again), never for a time.
  const missing = () => [
    ...missingOf(deliveredSoFar(receiver!.received, HOOK), spaces, acknowledged),
    ...missingOf(deliveredSoFar(receiver!.received, SLOW), [], acknowledged).map(
      (what) => `${SLOW}: ${what}`,
    ),
  ];
  const deadline = setTimeout(() => last.kill(), 20_000);
  while (missing().length > 0 && live.size > 0) await Promise.race([nextPost(receiver), last.closed]);
  clearTimeout(deadline);
  console.info(`all delivered ${Math.round(performance.now() - started)} ms after the first start`);
  last.stop();
  await last.closed;

  let unfinished = '';
  if (missing().length > 0) {
    // What the store says of the deliveries not done, for the message.
    const store = await openConfiguredStore(config);
    const notDone = await store.db
      .collection<{ _id: string; state: string; resourceKey: string }>('webhookDeliveries')
      .find({ state: { $ne: 'succeeded' } })
      .toArray();
    const jobs = await store.db
      .collection<{ _id: string; state: string; error?: unknown; workerDeaths?: number }>('jobs')
      .find({ _id: { $in: notDone.map((delivery) => delivery._id) } })
      .toArray();
    unfinished = JSON.stringify({ notDone, jobs });
    await store.close();
  }
  expect(missing(), `seed ${SEED}: never delivered: ${missing().join(', ')}; ${unfinished}`).toEqual([]);
  const delivered = deliveredSoFar(receiver.received, HOOK);
  const slow = deliveredSoFar(receiver.received, SLOW);
  const twice = [...delivered.deliveriesOf, ...slow.deliveriesOf]
    .filter(([, ids]) => ids.size > 1)
    .map(([id]) => id);
  expect(twice, `seed ${SEED}: events delivered as two deliveries`).toEqual([]);
  console.info(
    `webhook crash test, seed ${SEED}: ${spaces.length} spaces made (${acknowledged.created.size} acknowledged), ` +
      `${[...acknowledged.renamed.values()].reduce((a, b) => a + b, 0)} renames acknowledged, ` +
      `${delivered.deliveriesOf.size} events delivered, ${delivered.recovered} of them recovered, ` +
      `${receiver.received.length} posts`,
  );
}, 120_000);
