/**
 * `npx tsx bench/webhook-latency.ts` (from apps/server): how soon a webhook receiver hears of
 * a write, and what webhooks add to the write. A server on a fresh embedded store (its own job
 * worker, as in production), one space, and a receiver on loopback (`QUIRE_FETCH_ALLOW_HOSTS`).
 * Measured in the same run, `BENCH_ROUNDS` times each (100 by default), one write at a time:
 *
 * - a space's rename (`PATCH /v1/spaces/{id}`) with no endpoint, then with one: the write's own
 *   time, and the CPU time of the process per write (server and receiver share it);
 * - delivery: from the rename's start until the receiver has the signed `space.updated` post
 *   (an event made by the operation), and until it has `space.content_updated` after a content
 *   edit (an event that comes from the bus). Target: under 1 s at the median on an idle server.
 *
 * The machine is shared: wall times grow with its load, CPU times and counts less so.
 */

import { startWebhookReceiver } from '../test/webhooks/webhook-receiver';
import { median } from './bench-api';
import { seedOrganization, startBenchServer } from './bench-server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);

const receiver = await startWebhookReceiver();
const quire = await startBenchServer('webhooks', { QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
const { token, organization } = await seedOrganization(quire, { members: 0, memberName: 'Reader' });
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${quire.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text === '' ? undefined : JSON.parse(text);
};
const space = await api('POST', `/v1/orgs/${organization.id}/spaces`, { title: 'Bench' });

let n = 0;
const rename = () => api('PATCH', `/v1/spaces/${space.id}`, { title: `Bench ${++n}` });
const edit = () =>
  api('POST', `/v1/spaces/${space.id}/content`, {
    changes: [{ operation: 'insert_page', title: `Page ${++n}`, document: { markdown: 'Text.' } }],
  });

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

async function writes(label: string): Promise<{ wallMs: number[]; cpuPerWriteMs: number }> {
  for (let i = 0; i < 10; i++) await rename();
  const wallMs: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await rename();
    wallMs.push(performance.now() - start);
  }
  const cpuPerWriteMs = cpuMs(process.cpuUsage(cpu)) / ROUNDS;
  console.log(
    `${label}: rename median ${median(wallMs).toFixed(1)} ms, p95 ${p95(wallMs).toFixed(1)} ms, CPU ${cpuPerWriteMs.toFixed(2)} ms per write`,
  );
  return { wallMs, cpuPerWriteMs };
}

async function deliveries(label: string, path: string, write: () => Promise<unknown>) {
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) {
    const before = receiver.received.filter((request) => request.path === path).length;
    const start = performance.now();
    await write();
    await receiver.waitFor(path, before + 1);
    latencies.push(performance.now() - start);
  }
  const cpuPerRound = cpuMs(process.cpuUsage(cpu)) / ROUNDS;
  console.log(
    `${label}: write to receiver median ${median(latencies).toFixed(1)} ms, p95 ${p95(latencies).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms; CPU ${cpuPerRound.toFixed(2)} ms per write and delivery`,
  );
}

const quiet = await writes('no endpoint');
await api('POST', `/v1/orgs/${organization.id}/webhooks`, {
  url: receiver.url('/renames'),
  events: ['space.updated'],
});
const watched = await writes('one endpoint (space.updated)');
await deliveries('space.updated (from the operation)', '/renames', rename);
await api('POST', `/v1/orgs/${organization.id}/webhooks`, {
  url: receiver.url('/content'),
  events: ['space.content_updated'],
});
await deliveries('space.content_updated (from the bus)', '/content', edit);
console.log(
  `webhooks add ${(median(watched.wallMs) - median(quiet.wallMs)).toFixed(1)} ms to a rename at the median, ${(watched.cpuPerWriteMs - quiet.cpuPerWriteMs).toFixed(2)} ms of CPU (the deliveries' jobs included)`,
);

await quire.close();
await receiver.close();
