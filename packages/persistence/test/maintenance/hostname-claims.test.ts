/**
 * Hostname claims of the organization repository under every interleaving fast-check's
 * scheduler picks, and after crashes between two writes.
 *
 * Invariants, checked on the store itself: each organization's claims are exactly its
 * current hostname (nothing leaked), no two organizations point at one hostname, and no
 * change of a hostname is left marked as under way.
 */
import { isDomainError, type OrganizationRecord } from '@quire/domain';
import type { StoreDatabase } from '@quire/store';
import { EmbeddedDatabase, MemoryJournal } from '@quire/store-embedded';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTNAME_CLAIM_STALE_MS } from '../../src/repositories/organizations/hostname-claims';
import {
  MongoOrganizationRepository,
  type OrganizationDocument,
  type OrganizationHostnameDocument,
} from '../../src/repositories/organizations/organization-repository';
import { crashingDatabase, scheduledDatabase } from './interleaved-database';

const HOSTNAMES = ['alpha', 'bravo', 'charlie', 'delta'] as const;
const ORGANIZATIONS = ['org-x', 'org-y'] as const;
const START = Date.parse('2030-01-01T00:00:00Z');

function organization(id: string, hostname?: string): OrganizationRecord {
  return {
    id,
    title: id,
    createdAt: new Date(START).toISOString(),
    emailDomains: [],
    ...(hostname ? { hostname } : {}),
    type: 'business',
    defaultRole: 'read',
    sso: false,
    ai: false,
    inviteLinks: false,
    plan: 'free_2024',
    memberCount: 1,
    adminCount: 1,
  };
}

/** A stored document as the tests write and read it. */
interface LooseDocument {
  _id: string;
  [field: string]: unknown;
}

const freshDatabase = (): StoreDatabase => new EmbeddedDatabase(new Map(), new MemoryJournal());

/** What a call came to: its hostname, or a refusal (409); anything else fails the test. */
async function outcomeOf(run: () => Promise<unknown>): Promise<'ok' | 'conflict'> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    if (isDomainError(error) && error.code === 'conflict') return 'conflict';
    throw error;
  }
}

/** Every invariant of claims; returns the hostname each organization points at. */
async function expectConsistentClaims(db: StoreDatabase): Promise<Map<string, string | undefined>> {
  const organizations = await db.collection<OrganizationDocument>('organizations').find({}).toArray();
  const claims = await db
    .collection<OrganizationHostnameDocument>('organizationHostnames')
    .find({})
    .toArray();
  const pointing = new Map<string, string | undefined>();
  const holders = new Map<string, string>();
  for (const org of organizations) {
    const id = org._id;
    pointing.set(id, org.hostname);
    expect(org.hostnameChange, `a change of ${id} is left under way`).toBeUndefined();
    if (org.hostname) {
      expect(holders.get(org.hostname), `two organizations point at ${org.hostname}`).toBeUndefined();
      holders.set(org.hostname, id);
    }
    const own = claims.filter((claim) => claim.organizationId === id).map((claim) => claim._id);
    expect(own, `claims of ${id}`).toEqual(org.hostname ? [org.hostname] : []);
  }
  for (const claim of claims) expect(pointing.get(claim.organizationId)).toBe(claim._id);
  return pointing;
}

async function pointedHostnames(db: StoreDatabase): Promise<Set<string>> {
  const organizations = await db.collection<OrganizationDocument>('organizations').find({}).toArray();
  return new Set(organizations.flatMap((org) => (org.hostname ? [org.hostname] : [])));
}

const changeArbitrary = fc.record({
  organization: fc.constantFrom(...ORGANIZATIONS),
  hostname: fc.constantFrom(...HOSTNAMES),
  title: fc.boolean(),
});

describe('hostname claims under concurrency (fast-check scheduler)', () => {
  it('leave exactly each organization current hostname claimed', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.record({
          initial: fc.record({
            'org-x': fc.option(fc.constantFrom(...HOSTNAMES), { nil: undefined }),
            'org-y': fc.option(fc.constantFrom(...HOSTNAMES), { nil: undefined }),
          }),
          changes: fc.array(changeArbitrary, { minLength: 2, maxLength: 4 }),
          created: fc.option(fc.constantFrom(...HOSTNAMES), { nil: undefined }),
          // Left by a crash long ago: a claim of org-y it does not point at, and its change mark.
          leftover: fc.option(fc.constantFrom(...HOSTNAMES), { nil: undefined }),
          staleMark: fc.boolean(),
        }),
        async (scheduler, { initial, changes, created, leftover, staleMark }) => {
          runs++;
          const db = freshDatabase();
          const setup = new MongoOrganizationRepository(db, () => START);
          await setup.insert(organization('org-x', initial['org-x']));
          const yHostname = initial['org-y'] === initial['org-x'] ? undefined : initial['org-y'];
          await setup.insert(organization('org-y', yHostname));
          const long = START - HOSTNAME_CLAIM_STALE_MS - 1;
          if (leftover && leftover !== initial['org-x'] && leftover !== yHostname) {
            await db
              .collection<LooseDocument>('organizationHostnames')
              .insertOne({ _id: leftover, organizationId: 'org-y', claimedAt: long, token: 'left' });
          }
          if (staleMark) {
            await db
              .collection<LooseDocument>('organizations')
              .updateOne({ _id: 'org-y' }, { $set: { hostnameChange: { token: 'dead', startedAt: long } } });
          }

          const repository = new MongoOrganizationRepository(scheduledDatabase(db, scheduler), () => START);
          const calls = changes.map((change) =>
            outcomeOf(() =>
              repository.update(change.organization, {
                hostname: change.hostname,
                ...(change.title ? { title: `${change.organization} renamed` } : {}),
              }),
            ),
          );
          if (created) calls.push(outcomeOf(() => repository.insert(organization('org-z', created))));
          const outcomes = await scheduler.waitFor(Promise.all(calls));

          // What the crash long ago left and no change took over goes with the sweep; what
          // the changes above did (at START) is not older than START, so it stays to be checked.
          await new MongoOrganizationRepository(db, () => START).releaseAbandonedHostnames(START);
          const pointing = await expectConsistentClaims(db);
          // An organization ends at a hostname one of its accepted changes asked for, or where it was.
          for (const id of ORGANIZATIONS) {
            const accepted = changes
              .filter((change, index) => change.organization === id && outcomes[index] === 'ok')
              .map((change) => change.hostname);
            const before = id === 'org-x' ? initial['org-x'] : yHostname;
            const hostname = pointing.get(id);
            if (accepted.length === 0) expect(hostname).toBe(before);
            else expect([...accepted, before]).toContain(hostname);
          }
        },
      ),
      { numRuns: 300 },
    );
    console.info(`hostname claims: ${runs} scheduled interleavings checked`);
  });
});

describe('hostname claims after a crash between two writes', () => {
  it('are repaired: abandoned claims are taken over once stale, and the startup sweep releases them', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          initial: fc.option(fc.constantFrom(...HOSTNAMES), { nil: undefined }),
          wanted: fc.constantFrom(...HOSTNAMES),
          // The interrupted change makes at most 8 store calls: die before any of them.
          callsBeforeCrash: fc.integer({ min: 0, max: 8 }),
          creation: fc.boolean(),
          sweep: fc.boolean(),
        }),
        async ({ initial, wanted, callsBeforeCrash, creation, sweep }) => {
          runs++;
          const db = freshDatabase();
          await new MongoOrganizationRepository(db, () => START).insert(organization('org-x', initial));
          const crash = crashingDatabase(db, callsBeforeCrash);
          const crashing = new MongoOrganizationRepository(crash.db, () => START);
          const interrupted = creation
            ? crashing.insert(organization('org-new', wanted))
            : crashing.update('org-x', { hostname: wanted });
          // Either the change completes before the crash point, or it never settles.
          await Promise.race([
            interrupted.then(
              () => {},
              () => {},
            ),
            crash.died,
          ]);

          // Restarted, later than the bound.
          const later = START + HOSTNAME_CLAIM_STALE_MS + 1;
          const restarted = new MongoOrganizationRepository(db, () => later);
          if (sweep) {
            await restarted.releaseAbandonedHostnames(later);
            await expectConsistentClaims(db);
          }

          // Another organization can take every hostname nobody points at, and none that is.
          await restarted.insert(organization('org-other'));
          const pointedAt = await pointedHostnames(db);
          for (const hostname of HOSTNAMES) {
            const outcome = await outcomeOf(() => restarted.update('org-other', { hostname }));
            expect(outcome, `${hostname} (pointed at: ${[...pointedAt].join(', ')})`).toBe(
              pointedAt.has(hostname) ? 'conflict' : 'ok',
            );
          }
          // The organization that crashed mid-change can change its hostname again at once.
          if (!creation) {
            const taken = await pointedHostnames(db);
            const free = HOSTNAMES.find((hostname) => !taken.has(hostname));
            if (free) expect(await outcomeOf(() => restarted.update('org-x', { hostname: free }))).toBe('ok');
          }
          await expectConsistentClaims(db);
        },
      ),
      { numRuns: 200 },
    );
    console.info(`hostname claims: ${runs} crash points checked`);
  });
});
