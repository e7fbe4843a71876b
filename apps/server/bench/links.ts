/**
 * `npx tsx bench/links.ts` (from apps/server): the link report target of issue 14 on a space
 * of 5,000 pages (50 top-level pages with 100 subpages each, each page with 5 links: a page
 * by path, a page by id, an anchor, an external URL, and one broken link in every tenth
 * page), on the embedded engine on disk.
 *
 * `GET SPACE/links?limit=100` (target: under 500 ms): the first call (every body parsed) and
 * the median and p90 of sequential calls after it (bodies' links kept by the process).
 */
import { benchApi, median, p90, seedGroupedSpace } from './bench-api';
import { seedOrganization, startBenchServer } from './bench-server';

const GROUPS = Number(process.env.BENCH_GROUPS ?? 50);
const PER_GROUP = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const quire = await startBenchServer('links');
const { token, organization } = await seedOrganization(quire, { members: 0, memberName: 'Member' });
const api = benchApi(quire.url, token);

const body = (g: number, i: number, firstId: string) =>
  [
    `# Page ${g} ${i}`,
    '',
    `See [the group](/group-${g}) and [the first group](/pages/${firstId}), [this heading](#page-${g}-${i}).`,
    '',
    `Read [more](https://example.com/${g}/${i})${i % 10 === 0 ? ' and [a lost page](./nowhere.md)' : ' and [the top](#page-' + g + '-' + i + ')'}.`,
  ].join('\n');

const { space } = await seedGroupedSpace(api, organization.id, {
  groups: GROUPS,
  perGroup: PER_GROUP,
  groupBody: (g) => `# Group ${g}`,
  page: (g, i, firstId) => ({ title: `Page ${g} ${i}`, markdown: body(g, i, firstId) }),
});

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
