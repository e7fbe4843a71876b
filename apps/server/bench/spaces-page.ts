/**
 * `tsx bench/spaces-page.ts`: the cost of listing a page of 100 spaces (`spaces.list`,
 * in process through the operation, on the embedded engine) in an organization of 1k spaces
 * and in one of 100k, for an admin (sees every space) and for a read member of an
 * organization where every 10th space is restricted (the page is filled past hidden ones).
 * Target: the 100k figure within 2x of the 1k one, for the first page and a deep page.
 * Spaces are seeded by the repository's bulk insert.
 */
import { rm } from 'node:fs/promises';
import {
  addOrganizationMember,
  createOrganizationWithOwner,
  createUser,
  executeOperation,
  operations,
  type SpaceRecord,
} from '@quire/domain';
import { openBenchServices } from './bench-services';

const SIZES = [1_000, 100_000];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const { services, store, dataDir } = await openBenchServices('spaces');
const { ids } = services;

async function seed(size: number) {
  const owner = await createUser(services, { displayName: 'Owner', email: `owner-${size}@bench.test` });
  const reader = await createUser(services, { displayName: 'Reader', email: `reader-${size}@bench.test` });
  const organization = await createOrganizationWithOwner(services, { title: `Bench ${size}`, owner });
  await addOrganizationMember(services, { organizationId: organization.id, user: reader, role: 'read' });
  const now = new Date().toISOString();
  for (let start = 0; start < size; start += 1000) {
    const batch: SpaceRecord[] = [];
    for (let i = start; i < Math.min(size, start + 1000); i++) {
      batch.push({
        id: ids.newId(),
        organizationId: organization.id,
        title: `Space ${i}`,
        editMode: 'live',
        visibility: 'private',
        // Every 10th space is restricted: the reader's pages skip them.
        defaultLevel: i % 10 === 0 ? null : 'inherit',
        shareKey: `key-${i}`,
        position: `a${i.toString(36).padStart(4, '0')}`,
        createdAt: now,
        updatedAt: now,
        counters: { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 },
      });
    }
    await services.repos.spaces.insertMany(batch);
  }
  return { organizationId: organization.id, admin: owner.id, reader: reader.id };
}

async function listPage(organizationId: string, userId: string, page?: string) {
  const ctx = { ...services, caller: { userId, tokenId: 'bench', isInstanceAdmin: false } };
  return executeOperation(operations.spaces.list, ctx, {
    organizationId,
    limit: 100,
    ...(page ? { page } : {}),
  });
}

/** Median milliseconds of a page; `deep`: the page after 5 others (a cursor into the list). */
async function measure(organizationId: string, userId: string, deep: boolean): Promise<number> {
  let page: string | undefined;
  if (deep) for (let i = 0; i < 5; i++) page = (await listPage(organizationId, userId, page)).next?.page;
  for (let i = 0; i < 20; i++) await listPage(organizationId, userId, page);
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const result = await listPage(organizationId, userId, page);
    times.push(performance.now() - started);
    if (result.items.length !== 100) throw new Error(`expected a full page, got ${result.items.length}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

try {
  const orgs = [];
  for (const size of SIZES) orgs.push({ size, ...(await seed(size)) });
  const rows: string[] = [];
  for (const [who, deep] of [
    ['admin', false],
    ['admin', true],
    ['reader', false],
    ['reader', true],
  ] as const) {
    const figures: number[] = [];
    for (const org of orgs) figures.push(await measure(org.organizationId, org[who], deep));
    const ratio = figures[1]! / figures[0]!;
    rows.push(
      `${who.padEnd(6)} ${deep ? 'page 6' : 'page 1'}  1k: ${figures[0]!.toFixed(2)} ms  100k: ${figures[1]!.toFixed(2)} ms  ratio ${ratio.toFixed(2)} ${ratio <= 2 ? 'OK' : 'OVER 2x'}`,
    );
  }
  console.log('spaces.list, limit 100, median of', ROUNDS, 'rounds');
  for (const row of rows) console.log(row);
} finally {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
}
