/**
 * `npx tsx bench/links.ts` (from apps/server): the link report target of issue 14 on a space
 * of 5,000 pages (50 top-level pages with 100 subpages each, each page with 5 links: a page
 * by path, a page by id, an anchor, an external URL, and one broken link in every tenth
 * page), on the embedded engine on disk.
 *
 * `GET SPACE/links?limit=100` (target: under 500 ms): the first call (every body parsed) and
 * the median and p90 of sequential calls after it (bodies' links kept by the process).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrganizationWithOwner, createUser, issueApiToken } from '@quire/domain';
import { parseConfig } from '../src/config';
import { startServer } from '../src/server';

const GROUPS = Number(process.env.BENCH_GROUPS ?? 50);
const PER_GROUP = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-links-'));
const config = parseConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  QUIRE_DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  QUIRE_RATE_LIMIT: '1000000000',
  QUIRE_AUTH_FAILURE_LIMIT: '1000000000',
});
const quire = await startServer(config, { logger: false });
const { services } = quire;
const owner = await createUser(services, {
  displayName: 'Owner',
  email: 'owner@bench.test',
  isInstanceAdmin: false,
});
const { token } = await issueApiToken(services, { userId: owner.id, name: 'bench' });
const organization = await createOrganizationWithOwner(services, { title: 'Bench Org', owner });
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

// biome-ignore lint/suspicious/noExplicitAny: the bench reads response bodies freely
type Json = any;

async function api(path: string, body?: unknown): Promise<Json> {
  const response = await fetch(quire.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

const body = (g: number, i: number, firstId: string) =>
  [
    `# Page ${g} ${i}`,
    '',
    `See [the group](/group-${g}) and [the first group](/pages/${firstId}), [this heading](#page-${g}-${i}).`,
    '',
    `Read [more](https://example.com/${g}/${i})${i % 10 === 0 ? ' and [a lost page](./nowhere.md)' : ' and [the top](#page-' + g + '-' + i + ')'}.`,
  ].join('\n');

const space = await api(`/v1/orgs/${organization.id}/spaces`, { title: 'Big space' });
await api(`/v1/spaces/${space.id}/content`, {
  changes: Array.from({ length: GROUPS }, (_, g) => ({
    operation: 'insert_page',
    title: `Group ${g}`,
    document: { markdown: `# Group ${g}` },
  })),
});
const groups: Array<{ id: string }> = (await api(`/v1/spaces/${space.id}/content/pages`)).pages;
const firstId = groups[0]?.id ?? '';
for (const [g, group] of groups.entries()) {
  for (let start = 0; start < PER_GROUP; start += 50) {
    await api(`/v1/spaces/${space.id}/content`, {
      changes: Array.from({ length: 50 }, (_, k) => ({
        operation: 'insert_page',
        into: group.id,
        title: `Page ${g} ${start + k}`,
        document: { markdown: body(g, start + k, firstId) },
      })),
    });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? 0;

const timed = async () => {
  const started = performance.now();
  const report = await api(`/v1/spaces/${space.id}/links?limit=100`);
  return { ms: performance.now() - started, report };
};
const first = await timed();
const times: number[] = [];
for (let run = 0; run < RUNS; run++) times.push((await timed()).ms);
console.log(
  `GET SPACE/links, ${GROUPS * (PER_GROUP + 1)} pages, ${first.report.stats.total} targets (${first.report.stats.broken.total} broken): first call ${first.ms.toFixed(0)} ms; then median ${median(times).toFixed(1)} ms, p90 ${p90(times).toFixed(1)} ms (target < 500 ms)`,
);
await quire.close();
await rm(dataDir, { recursive: true, force: true });
