/**
 * `npx tsx bench/moved-paths.ts` (from apps/server): what recording moved pages' old paths
 * (issue 28, item 5) costs and how fast an old path answers, on a space of 5,000 pages
 * (50 top-level pages with 100 subpages each) shown by a published site, embedded engine on disk.
 *
 * 1. A 1-page body edit (`POST SPACE/content`, `update_page` with a document): median and p90
 *    of 20, each one recording nothing but reading the new tree's page index, which the next
 *    read of the space needs anyway.
 * 2. Renaming a top-level page with 100 subpages (one record for the subtree): median of 10.
 * 3. `GET SITE/redirect?source=` for an old path of a subpage of a renamed page: median and
 *    p90 of 50 sequential calls, against the same call for a site redirect's exact source.
 */
import { benchApi, documentationBody, median, p90, seedGroupedSpace } from './bench-api';
import { seedOrganization, startBenchServer } from './bench-server';

const GROUPS = Number(process.env.BENCH_GROUPS ?? 50);
const PER_GROUP = 100;

const quire = await startBenchServer('moved-paths');
const { token, organization } = await seedOrganization(quire, { members: 0, memberName: 'Member' });
const api = benchApi(quire.url, token);
const { space, groups } = await seedGroupedSpace(api, organization.id, {
  groups: GROUPS,
  perGroup: PER_GROUP,
  groupBody: documentationBody,
  page: (_g, i) => ({ title: `Page ${i}`, markdown: documentationBody(i) }),
});
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const site = await api(`/v1/orgs/${organization.id}/sites`, { title: 'Docs' });
const sitePath = `/v1/orgs/${organization.id}/sites/${site.id}`;
await api(`${sitePath}/sections`, { spaceId: space.id, title: 'Docs' });
await api(`${sitePath}/publish`, {});
const time = async (run: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};
const edit = (changes: unknown[]) => api(`/v1/spaces/${space.id}/content`, { changes });

// 1.
const middle = (await api(`/v1/spaces/${space.id}/content/pages`)).pages[Math.floor(GROUPS / 2)].pages[50];
const edits: number[] = [];
for (let i = 0; i < 22; i++) {
  const took = await time(() =>
    edit([{ operation: 'update_page', page: middle.id, document: { markdown: `Edit ${i}.\n` } }]),
  );
  if (i >= 2) edits.push(took);
}
console.log(`1-page body edit: median ${median(edits).toFixed(1)} ms, p90 ${p90(edits).toFixed(1)} ms`);

// 2.
const renames: number[] = [];
for (const [i, group] of groups.slice(0, 10).entries())
  renames.push(await time(() => edit([{ operation: 'update_page', page: group.id, slug: `renamed-${i}` }])));
console.log(`rename of a page with ${PER_GROUP} subpages: median ${median(renames).toFixed(1)} ms`);

// 3.
await fetch(`${quire.url}${sitePath}/redirects`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ source: '/exact', destination: { kind: 'external', url: 'https://example.com/' } }),
});
const resolveTimes = async (source: string): Promise<number[]> => {
  const times: number[] = [];
  for (let i = 0; i < 55; i++) {
    const took = await time(async () => {
      const response = await fetch(`${quire.url}${sitePath}/redirect?source=${encodeURIComponent(source)}`, {
        headers,
      });
      if (response.status !== 200) throw new Error(`${source}: ${response.status} ${await response.text()}`);
    });
    if (i >= 5) times.push(took);
  }
  return times;
};
const oldPath = await resolveTimes('/group-0/page-50');
const exact = await resolveTimes('/exact');
console.log(
  `GET SITE/redirect, an old subpage path: median ${median(oldPath).toFixed(2)} ms, p90 ${p90(oldPath).toFixed(2)} ms; a site redirect's exact source: median ${median(exact).toFixed(2)} ms`,
);
await quire.close();
