/**
 * Child process of `counters-crash.test.ts`: `counters-crash-worker.ts <seed>`, configured by
 * the environment like the server (QUIRE_DATA_DIR, LOG_LEVEL).
 *
 * Loads its modules, then waits for a `go` line on stdin (so the parent can start it ahead
 * of time). It then opens the store the way the server does (`openConfiguredStore`: the
 * session, and the repair after an unclean shutdown, whose log lines it prints as `log
 * <json>`), prints `ready`, and with several concurrent loops, as fast as it can, adds,
 * removes and re-roles members and creates, deletes and restores spaces of the
 * organizations it finds, through the domain's functions and the repositories, printing
 * `op <kind>` after each. The parent SIGKILLs it; the counters must then be repaired.
 */
import { createInterface } from 'node:readline';
import {
  addOrganizationMember,
  changeMemberRole,
  createUser,
  isDomainError,
  type RoleOrGuest,
  removeOrganizationMember,
  type SpaceRecord,
} from '@quire/domain';
import { parseConfig } from '../../src/config';
import { openConfiguredStore } from '../../src/open-configured-store';
import { buildServices } from '../../src/services';
import { seededRandom } from '../support/seeded-random';

const [seedArg] = process.argv.slice(2);
if (seedArg === undefined) throw new Error('usage: counters-crash-worker.ts <seed>');
const LOOPS = 6;
const ROLES: RoleOrGuest[] = ['admin', 'admin', 'edit', 'read', null];

const go = await new Promise<boolean>((resolve) => {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line === 'go') {
      resolve(true);
      lines.close();
    }
  });
  lines.on('close', () => resolve(false));
});
if (!go) process.exit(0);

const print = (line: string) => process.stdout.write(`${line}\n`);
const config = parseConfig(process.env);
const log = {
  info: (fields: Record<string, unknown>, message: string) =>
    print(`log ${JSON.stringify({ ...fields, message })}`),
  warn: (fields: Record<string, unknown>, message: string) =>
    print(`log ${JSON.stringify({ ...fields, message })}`),
};
const store = await openConfiguredStore(config, { log });
const services = await buildServices({ config, store });
const organizationIds = (await store.db.collection('organizations').find({}).toArray()).map((org) =>
  String(org._id),
);
print('ready');

const seed = Number(seedArg);
const loops = Array.from({ length: LOOPS }, async (_, loop) => {
  const random = seededRandom(seed * 31 + loop);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  for (let sequence = 0; ; sequence++) {
    const organizationId = pick(organizationIds);
    if (organizationId === undefined) return;
    const dice = random();
    const now = services.clock.now().toISOString();
    let kind: string;
    try {
      if (dice < 0.3) {
        kind = 'add-member';
        const user = await createUser(services, {
          displayName: `Crash ${seed}-${loop}-${sequence}`,
          email: `crash-${seed}-${loop}-${sequence}@example.test`,
          isInstanceAdmin: false,
        });
        await addOrganizationMember(services, { organizationId, user, role: pick(ROLES) ?? null });
      } else if (dice < 0.5) {
        kind = 'remove-member';
        const members = await store.db.collection('members').find({ organizationId }).toArray();
        const member = pick(members);
        if (member)
          await removeOrganizationMember(services, { organizationId, userId: String(member.userId) });
      } else if (dice < 0.65) {
        kind = 'change-role';
        const members = await store.db.collection('members').find({ organizationId }).toArray();
        const member = pick(members);
        if (member)
          await changeMemberRole(services, {
            organizationId,
            userId: String(member.userId),
            role: pick(ROLES) ?? null,
          });
      } else if (dice < 0.85) {
        kind = 'create-space';
        const space: SpaceRecord = {
          id: services.ids.newId(),
          organizationId,
          title: `Space ${seed}-${loop}-${sequence}`,
          editMode: 'live',
          visibility: 'private',
          defaultLevel: 'inherit',
          shareKey: `share-${seed}-${loop}-${sequence}`,
          position: `a${sequence}`,
          createdAt: now,
          updatedAt: now,
          counters: { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 },
        };
        await services.repos.spaces.insert(space);
      } else if (dice < 0.95) {
        kind = 'delete-space';
        const active = await store.db
          .collection('spaces')
          .find({ organizationId, deletedAt: null }, { projection: { _id: 1 } })
          .toArray();
        const space = pick(active);
        if (space) await services.repos.spaces.markDeleted(String(space._id), now);
      } else {
        kind = 'restore-space';
        const deleted = await store.db
          .collection('spaces')
          .find({ organizationId, deletedAt: { $exists: true } }, { projection: { _id: 1 } })
          .toArray();
        const space = pick(deleted);
        if (space) await services.repos.spaces.restore(String(space._id), '1970-01-01T00:00:00.000Z', now);
      }
    } catch (error) {
      // Refusals are outcomes (the last admin, a member removed by another loop meanwhile).
      if (!isDomainError(error)) throw error;
      kind = `refused-${error.code}`;
    }
    print(`op ${kind}`);
  }
});
await Promise.all(loops);
