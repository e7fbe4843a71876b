/**
 * The audit log's list at 10 events and at 10,000: CPU time per page of 20
 * (`orgs.auditEvents.list` in process, no HTTP), for the first page and for every page walked
 * with its cursor, and the same without the exact `count` (what the index range alone costs).
 * CPU time, not wall time (the machine is shared). Run in apps/server:
 *   node --import <tsx loader> bench/audit-list.ts
 */
import { rm } from 'node:fs/promises';
import {
  type AuditEvent,
  createOrganizationWithOwner,
  createUser,
  executeOperation,
  type OperationContext,
  operations,
  type Page,
} from '@quire/domain';
import { openBenchServices } from './bench-services';

const SIZES = [10, 10_000];
const LIMIT = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const { services, store, dataDir } = await openBenchServices('audit-list');
const list = operations.orgs.auditEvents.list;
const events = store.db.collection<{ _id: string; [field: string]: unknown }>('auditEvents');
const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

async function organizationWith(size: number): Promise<{ ctx: OperationContext; organizationId: string }> {
  const owner = await createUser(services, {
    displayName: `Owner ${size}`,
    email: `owner-${size}@bench.test`,
    isInstanceAdmin: false,
  });
  const organization = await createOrganizationWithOwner(services, { title: `Org ${size}`, owner });
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let from = 0; from < size; from += 1000) {
    await events.insertMany(
      Array.from({ length: Math.min(1000, size - from) }, (_, k) => {
        const i = from + k;
        return {
          _id: `0190f3a2-7c41-7d2e-9b5a-${String(size).padStart(4, '0')}${String(i).padStart(8, '0')}`,
          organizationId: organization.id,
          occurredAt: new Date(start + i * 1000).toISOString(),
          action: i % 2 === 0 ? 'spaces.update' : 'spaces.create',
          actor: { type: 'user', id: owner.id },
          source: 'api',
          target: { type: 'space', id: `space-${i % 50}` },
          operation: 'spaces.update',
          ids: { spaceId: `space-${i % 50}` },
        };
      }),
    );
  }
  const ctx: OperationContext = {
    ...services,
    caller: { userId: owner.id, tokenId: 'bench', isInstanceAdmin: false },
  };
  return { ctx, organizationId: organization.id };
}

async function perPage(run: () => Promise<unknown>, rounds: number): Promise<number> {
  for (let i = 0; i < 20; i++) await run();
  const before = cpuMicros();
  for (let i = 0; i < rounds; i++) await run();
  return (cpuMicros() - before) / rounds;
}

const rows: string[] = [];
for (const size of SIZES) {
  const { ctx, organizationId } = await organizationWith(size);
  const input = { organizationId, limit: LIMIT };
  const first = await perPage(() => executeOperation(list, ctx, input), ROUNDS);
  // The last page there is, reached by its cursor (the deepest a walk goes).
  let page = (await executeOperation(list, ctx, input)) as Page<AuditEvent>;
  let pages = 1;
  const perNextPage: number[] = [];
  while (page.next) {
    const before = cpuMicros();
    page = (await executeOperation(list, ctx, { ...input, page: page.next.page })) as Page<AuditEvent>;
    perNextPage.push(cpuMicros() - before);
    pages++;
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const walk = mean(perNextPage);
  if (perNextPage.length >= 100)
    console.log(
      `${size} events: next pages 2-51 ${mean(perNextPage.slice(0, 50)).toFixed(0)} µs, the last 50 ${mean(perNextPage.slice(-50)).toFixed(0)} µs`,
    );
  const query = { organizationId };
  const sliceOnly = await perPage(() => ctx.repos.auditEvents.list(query, { limit: LIMIT }), ROUNDS);
  const countOnly = await perPage(() => ctx.repos.auditEvents.count(query), ROUNDS);
  const filtered = await perPage(() => executeOperation(list, ctx, { ...input, target: 'space-7' }), ROUNDS);
  rows.push(
    `| ${size.toLocaleString('en')} | ${first.toFixed(0)} | ${pages === 1 ? '— (one page)' : `${walk.toFixed(0)} (${pages} pages)`} | ${sliceOnly.toFixed(0)} | ${countOnly.toFixed(0)} | ${filtered.toFixed(0)} |`,
  );
}
console.log(
  '| events | first page, µs CPU | each next page, µs CPU | the page alone (no count), µs | the count alone, µs | filtered by target, µs |',
);
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
await store.close();

await rm(dataDir, { recursive: true, force: true });
