/**
 * Readers' insights events written in process (no HTTP): the time per event of
 * `sites.insights.trackEvents` for an anonymous reader of a published public site, in batches
 * of 50 page views spread over `PAGES` pages, and what the store keeps for them (the counters'
 * documents as JSON). Run: `node --import <tsx loader> bench/insights.ts` in apps/server.
 */
import { rm } from 'node:fs/promises';
import {
  createOrganizationWithOwner,
  createUser,
  executeOperation,
  type OperationContext,
  operations,
} from '@quire/domain';
import { openBenchServices } from './bench-services';

const PAGES = Number(process.env.BENCH_PAGES ?? 20);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 400);
const PER_BATCH = 50;

const opened = await openBenchServices('insights');
const { services, store, dataDir } = opened;
// The budgets are measured elsewhere: here every event is taken.
(services as { insightsEventBudget: unknown }).insightsEventBudget = { take: async () => null };
const owner = await createUser(services, {
  displayName: 'Owner',
  email: 'owner@bench.test',
  isInstanceAdmin: false,
});
const organization = await createOrganizationWithOwner(services, { title: 'Bench Org', owner });
const admin: OperationContext = {
  ...services,
  caller: { userId: owner.id, tokenId: 'bench', isInstanceAdmin: false },
};
const anonymous: OperationContext = { ...services, caller: null, clientAddress: '192.0.2.1' };

const space = await executeOperation(operations.spaces.create, admin, {
  organizationId: organization.id,
  title: 'Docs',
});
const made = await executeOperation(operations.spaces.content.update, admin, {
  spaceId: space.id,
  changes: Array.from({ length: PAGES }, (_, i) => ({
    operation: 'insert_page',
    title: `Page ${i}`,
    document: { markdown: `Page ${i}.\n` },
  })),
});
const pageIds = (made as { changes: Array<{ page: { id: string } }> }).changes.map(
  (change) => change.page.id,
);
const site = await executeOperation(operations.sites.create, admin, {
  organizationId: organization.id,
  title: 'Docs site',
  spaces: [space.id],
});
await executeOperation(operations.sites.publish, admin, { organizationId: organization.id, siteId: site.id });

const session = {
  visitorId: 'v',
  sessionId: 's',
  cookies: {},
  userAgent: 'bench',
  language: 'en',
  referrer: null,
};
const view = (pageId: string) => ({
  type: 'page_view',
  session,
  location: {
    url: 'https://docs.example.com/page',
    siteSection: null,
    siteSpace: null,
    siteShareKey: null,
    space: space.id,
    revision: null,
    page: pageId,
  },
});
const track = (events: unknown[]) =>
  executeOperation(operations.sites.insights.trackEvents, anonymous, {
    organizationId: organization.id,
    siteId: site.id,
    events,
  });

// Warm up (page index read, JIT), then measure.
await track(pageIds.slice(0, 5).map(view));
let n = 0;
const started = process.hrtime.bigint();
for (let batch = 0; batch < BATCHES; batch++) {
  await track(Array.from({ length: PER_BATCH }, () => view(pageIds[n++ % PAGES] as string)));
}
const elapsedUs = Number(process.hrtime.bigint() - started) / 1000;
const counters = await store.db.collection('siteInsightsCounters').find({ siteId: site.id }).toArray();
const bytes = counters.reduce((sum, doc) => sum + JSON.stringify(doc).length, 0);
const events = BATCHES * PER_BATCH + 5;
console.log(
  JSON.stringify({
    events: BATCHES * PER_BATCH,
    pages: PAGES,
    usPerEvent: Math.round((elapsedUs / (BATCHES * PER_BATCH)) * 10) / 10,
    usPerBatchOf50: Math.round(elapsedUs / BATCHES),
    counters: counters.length,
    bytesPerCounter: Math.round(bytes / counters.length),
    bytesPer1000Views: Math.round((bytes / events) * 1000 * 10) / 10,
  }),
);
await store.close();
await rm(dataDir, { recursive: true, force: true });
