/**
 * `npx tsx bench/space-5000.ts` (from apps/web, after `pnpm build`): the target "a
 * space of 5,000 pages shows its tree and first page in under 1.5 s on this machine". A
 * server on a fresh embedded store serves the built app; a space of 5,050 pages (50 top-level
 * pages of 100 subpages each, about 1 KB of markdown apiece) is opened in a real Chromium
 * (signed in first), `BENCH_RUNS` times (default 7), each a fresh navigation of the space's
 * URL. Timed: from `goto` until the tree shows its rows and the first page's heading is
 * rendered. As a yardstick in the same run: the same navigation to a space of 6 pages.
 */
import { operations } from '@quire/domain';
import { createOrganization } from '../../server/test/support/factories';
import { startTestServer } from '../../server/test/support/test-server';
import { launchChromium, openWatchedPage } from '../test/e2e/support/browser';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const GROUPS = 50;
const PER_GROUP = 100;

const body = (n: number) =>
  [
    `Page ${n} explains one part of the product in a few paragraphs.`,
    '',
    '## Setup',
    '',
    `Install the tool, then run **quire ${n}** with your settings.`,
    '',
    '- first step, with `code`',
    '- second step',
    '',
    '```sh',
    `quire run --page ${n}`,
    '```',
    '',
    '| option | meaning |',
    '| --- | --- |',
    '| one | the first |',
    '',
    'A closing paragraph that is long enough to look like real documentation text. '.repeat(6),
  ].join('\n');

const server = await startTestServer();
const org = await createOrganization(server, { title: 'Bench' });
const as = org.admin;
const call = server.callOperation;

async function spaceOf(title: string, groups: number, perGroup: number): Promise<string> {
  const space = await call(operations.spaces.create, as, { organizationId: org.organization.id, title });
  const top = await call(operations.spaces.content.update, as, {
    spaceId: space.id,
    changes: Array.from({ length: groups }, (_, g) => ({
      operation: 'insert_page' as const,
      title: `Group ${g}`,
      document: { markdown: body(g) },
    })),
  });
  const groupIds = top.changes.map((change) =>
    'page' in change && typeof change.page === 'object' ? change.page.id : '',
  );
  for (const groupId of groupIds) {
    for (let batch = 0; batch < perGroup / 50; batch++) {
      await call(operations.spaces.content.update, as, {
        spaceId: space.id,
        changes: Array.from({ length: Math.min(50, perGroup) }, (_, i) => ({
          operation: 'insert_page' as const,
          into: groupId,
          title: `Page ${batch * 50 + i}`,
          document: { markdown: body(batch * 50 + i) },
        })),
      });
    }
  }
  return space.id;
}

const started = performance.now();
const big = await spaceOf('Big space', GROUPS, PER_GROUP);
console.log(
  `built ${GROUPS * (PER_GROUP + 1)} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
const small = await spaceOf('Small space', 2, 2);

const browser = await launchChromium();
const { page } = await openWatchedPage(browser, server.url);
await page.goto('/sign-in');
await page.getByRole('tab', { name: 'API token' }).click();
await page.getByRole('textbox', { name: 'API token' }).fill(as.token);
await page.getByRole('button', { name: 'Sign in with token' }).click();
await page.waitForURL((url) => url.pathname !== '/sign-in', { waitUntil: 'commit' });

async function open(spaceId: string): Promise<number> {
  await page.goto('about:blank');
  const start = performance.now();
  await page.goto(`/o/${org.organization.id}/s/${spaceId}`);
  await page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem').first().waitFor();
  await page.getByRole('heading', { level: 1, name: 'Group 0' }).waitFor();
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
await open(big);
await open(small);
const bigMs: number[] = [];
const smallMs: number[] = [];
for (let run = 0; run < RUNS; run++) {
  smallMs.push(await open(small));
  bigMs.push(await open(big));
}
const rows = await page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem').count();
console.log(`tree rows in the DOM for 5,050 pages: ${rows}`);
console.log(
  `space of 6 pages:     median ${median(smallMs).toFixed(0)} ms (runs: ${smallMs.map((v) => v.toFixed(0)).join(', ')})`,
);
console.log(
  `space of 5,050 pages: median ${median(bigMs).toFixed(0)} ms (runs: ${bigMs.map((v) => v.toFixed(0)).join(', ')}), ${(median(bigMs) / median(smallMs)).toFixed(2)}x the small space`,
);
await browser.close();
await server.close();
