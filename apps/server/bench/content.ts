/**
 * `npx tsx bench/content.ts` (from apps/server): the content targets of issue 9 on a space of
 * 5,000 pages (50 top-level pages with 100 subpages each, about 1 KB of markdown per page),
 * on the embedded engine on disk (journal and fsync on every write).
 *
 * 1. `GET SPACE/content` latency (target: under 150 ms): median and p90 of sequential calls.
 * 2. `GET SPACE/content/page/{pageId}` throughput against a bare Fastify route answering the
 *    same body in the same process (target: at least 50%), autocannon, alternating rounds.
 * 3. What a 1-page edit adds to the store (target: under 16 KB): growth of the journal files
 *    per edit, median over 20 edits of a body in the middle of the tree.
 * 4. Merging a change request that touches 100 pages of the space (target: under 300 ms),
 *    once change requests can be merged (printed as "not measured" until then).
 *
 * `BENCH_SECONDS` sets each autocannon window (default 5).
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { benchApi, documentationBody, type Json, median, p90, seedGroupedSpace } from './bench-api';
import { seedOrganization, startBenchServer } from './bench-server';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const GROUPS = Number(process.env.BENCH_GROUPS ?? 50);
const PER_GROUP = 100;

const quire = await startBenchServer('content');
const { dataDir } = quire;
const { token, organization } = await seedOrganization(quire, { members: 0, memberName: 'Member' });
const api = benchApi(quire.url, token);
const headers = { authorization: `Bearer ${token}` };

/** About 1 KB of markdown with the usual constructs. */

const started = performance.now();
const { space } = await seedGroupedSpace(api, organization.id, {
  groups: GROUPS,
  perGroup: PER_GROUP,
  groupBody: documentationBody,
  page: (_g, i) => ({ title: `Page ${i}`, markdown: documentationBody(i) }),
});
console.log(
  `built ${GROUPS * (PER_GROUP + 1)} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// 1. GET SPACE/content
const contentTimes: number[] = [];
let contentBytes = 0;
for (let i = 0; i < 30; i++) {
  const t = performance.now();
  const response = await fetch(`${quire.url}/v1/spaces/${space.id}/content`, { headers });
  contentBytes = (await response.arrayBuffer()).byteLength;
  if (i >= 5) contentTimes.push(performance.now() - t);
}
console.log(
  `GET SPACE/content (${(contentBytes / 1024).toFixed(0)} KB): median ${median(contentTimes).toFixed(1)} ms, p90 ${p90(contentTimes).toFixed(1)} ms (target < 150 ms)`,
);

// 2. GET SPACE/content/page/{pageId} against a bare route with the same body.
const tree = await api(`/v1/spaces/${space.id}/content`);
const middle = tree.pages[GROUPS / 2].pages[PER_GROUP / 2];
const pageUrl = `${quire.url}/v1/spaces/${space.id}/content/page/${middle.id}?format=markdown`;
const pageBody = JSON.parse(await (await fetch(pageUrl, { headers })).text());
const bare = Fastify({ logger: false });
bare.get('/page', async () => pageBody);
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
async function rps(url: string, withAuth: boolean): Promise<number> {
  const result = await autocannon({
    url,
    connections: 20,
    duration: DURATION_SECONDS,
    ...(withAuth ? { headers: { authorization: headers.authorization } } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}
await rps(pageUrl, true);
let bareTotal = 0;
let pageTotal = 0;
let spaceTotal = 0;
for (let round = 0; round < 2; round++) {
  bareTotal += await rps(`${bareUrl}/page`, false);
  pageTotal += await rps(pageUrl, true);
  // The same request path without any content read: what authentication, the space's
  // access check, headers and serialization cost on their own.
  spaceTotal += await rps(`${quire.url}/v1/spaces/${space.id}`, true);
}
console.log(
  `GET SPACE/content/page/{pageId} (${JSON.stringify(pageBody).length} B): ${(pageTotal / 2).toFixed(0)} req/s, bare ${(bareTotal / 2).toFixed(0)} req/s: ${((pageTotal / bareTotal) * 100).toFixed(0)}% (target >= 50%)`,
);
console.log(
  `  for reference, GET SPACE on the same server: ${(spaceTotal / 2).toFixed(0)} req/s (${((spaceTotal / bareTotal) * 100).toFixed(0)}% of bare); the page read costs ${((pageTotal / spaceTotal) * 100).toFixed(0)}% of GET SPACE's rate`,
);

// 3. Journal growth of a 1-page edit.
async function journalBytes(): Promise<number> {
  let total = 0;
  for (const name of await readdir(dataDir)) {
    if (name.startsWith('journal-')) total += (await stat(join(dataDir, name))).size;
  }
  return total;
}
const growth: number[] = [];
for (let i = 0; i < 20; i++) {
  const before = await journalBytes();
  await api(`/v1/spaces/${space.id}/content`, {
    changes: [
      {
        operation: 'update_page',
        page: middle.id,
        document: { markdown: `${documentationBody(i)}\n\nEdit ${i}.` },
      },
    ],
  });
  const after = await journalBytes();
  if (after >= before) growth.push(after - before);
}
console.log(
  `a 1-page edit adds ${(median(growth) / 1024).toFixed(1)} KB to the journal (median of ${growth.length}; target < 16 KB)`,
);

// 4. Merging a change request that touches 100 pages, while the space moved on (100 other
// pages edited there): a real three-way merge, not a fast-forward. Median of 5.
const mergeTimes: number[] = [];
for (let round = 0; round < 5; round++) {
  const cr = await api(`/v1/spaces/${space.id}/change-requests`, { subject: `Round ${round}` });
  const touched = tree.pages.flatMap((group: Json) => group.pages.slice(0, 2)).slice(0, 100);
  const elsewhere = tree.pages.flatMap((group: Json) => group.pages.slice(2, 4)).slice(0, 100);
  for (const [target, pages] of [
    [`/v1/spaces/${space.id}/change-requests/${cr.number}/content`, touched],
    [`/v1/spaces/${space.id}/content`, elsewhere],
  ] as const) {
    for (let start = 0; start < pages.length; start += 50) {
      await api(target, {
        changes: pages.slice(start, start + 50).map((page: Json, i: number) => ({
          operation: 'update_page',
          page: page.id,
          document: { markdown: `${documentationBody(start + i)}\n\nRound ${round}.` },
        })),
      });
    }
  }
  const t = performance.now();
  const merged = await api(`/v1/spaces/${space.id}/change-requests/${cr.number}/merge`, {});
  mergeTimes.push(performance.now() - t);
  if (merged.result !== 'merge') throw new Error(`merge answered ${JSON.stringify(merged)}`);
}
console.log(
  `merging a change request touching 100 pages (space moved on by 100 others): median ${median(mergeTimes).toFixed(0)} ms, max ${Math.max(...mergeTimes).toFixed(0)} ms (target < 300 ms)`,
);

await bare.close();
await quire.close();
