/**
 * `node --cpu-prof --import tsx bench/page-document-profile.ts <data dir>` (from apps/server):
 * the page-document read of `bench/page-document.ts` profiled in one process, without HTTP:
 * over a store a writer left (`BENCH_KEEP_DATA=1`), the operation itself
 * (`spaces.revisions.page.document`, evaluated as GitBook's renderer asks) run on
 * `BENCH_PAGES` pages (default 1,000), each once for the first time in this process, then
 * again; the process's CPU time per read (`process.cpuUsage`) and the wall time per read
 * (median, p90), to read beside the profile.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { operations } from '@quire/domain';
import { createRepositories } from '@quire/persistence';
import { parseConfig } from '../src/config';
import { openConfiguredStore } from '../src/open-configured-store';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: page-document-profile.ts <data dir of a kept bench store>');
const PAGES = Number(process.env.BENCH_PAGES ?? 1000);
const fixture = JSON.parse(await readFile(join(dataDir, 'bench-fixture.json'), 'utf8')) as {
  paths: string[];
};
const config = parseConfig({ PORT: '0', HOST: '127.0.0.1', QUIRE_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const store = await openConfiguredStore(config, { log: { info() {}, warn() {}, error() {} } as never });
const repos = createRepositories(store.db);

const inputs = fixture.paths.slice(1, PAGES + 1).map((path) => {
  const [, spaceId, revisionId, pageId] =
    /\/v1\/spaces\/([^/]+)\/revisions\/([^/]+)\/page\/([^/]+)\/document/.exec(path) ?? [];
  return { spaceId, revisionId, pageId, evaluated: 'deterministic-only' } as {
    spaceId: string;
    revisionId: string;
    pageId: string;
    evaluated: 'deterministic-only';
  };
});
const space = await repos.spaces.findById(inputs[0]?.spaceId as string);
if (!space) throw new Error('no bench space in this store');
const owner = (
  await repos.members.list(
    space.organizationId,
    { role: 'admin', sort: 'joinedAt', order: 'asc' },
    { limit: 1 },
  )
).items[0];
const ctx = {
  repos,
  caller: { userId: owner?.userId as string, tokenId: 'bench', isInstanceAdmin: false },
} as never;
const read = operations.spaces.revisions.page.document;

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] as number;

async function phase(title: string, list: typeof inputs) {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (const input of list) {
    const started = performance.now();
    JSON.stringify(await read.run(ctx, input));
    times.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  console.log(
    `${title.padEnd(34)} wall median ${quantile(times, 0.5).toFixed(3)} ms, p90 ${quantile(times, 0.9).toFixed(3)} ms; CPU ${((used.user + used.system) / 1000 / list.length).toFixed(3)} ms/read`,
  );
}

const firstStarted = performance.now();
await read.run(ctx, inputs.at(-1) as (typeof inputs)[number]);
console.log(`first read (the revision's page index): ${(performance.now() - firstStarted).toFixed(1)} ms`);
await phase(`uncached (${inputs.length - 1} pages, each once)`, inputs.slice(0, -1));
await phase('again (kept in memory)', inputs.slice(0, -1));
await store.close();
