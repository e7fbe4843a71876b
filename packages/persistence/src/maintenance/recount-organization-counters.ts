/**
 * Recounts the counters kept by `$inc` beside each organization, from the documents they
 * count: `memberCount` (memberships), `adminCount` (memberships with the admin role) and
 * the active spaces in `spaceCounts`. Without transactions each counter and the documents it
 * counts are written by two writes, so a crash between them leaves the counter off; this
 * puts it right.
 *
 * Exact only while nothing else writes: it runs at startup, before the server listens, and
 * only when no other process uses the store (see reconcile-after-unclean-shutdown.ts). A
 * concurrent membership change could otherwise be counted in the middle of its two writes,
 * and `adminCount` is the guard that keeps an organization's last admin.
 *
 * Counts go through the indexes, one organization at a time in pages, so memory stays
 * bounded whatever the size of the store.
 */

import type { Filter, StoreDatabase } from '@quire/store';
import type { SpaceDocument } from '../repositories/content/space-repository';
import type { MemberDocument } from '../repositories/organizations/member-repository';
import type { OrganizationDocument } from '../repositories/organizations/organization-repository';

/** The counter document of space-repository.ts: `{_id: organizationId, active}`. */
interface SpaceCountDocument {
  _id: string;
  active: number;
}

const PAGE_SIZE = 200;

export interface CounterCorrection {
  organizationId: string;
  memberCount?: { was: number; now: number };
  adminCount?: { was: number; now: number };
  activeSpaces?: { was: number | null; now: number };
}

export interface RecountReport {
  organizations: number;
  /** The organizations whose counters were wrong, with what they were and now are. */
  corrections: CounterCorrection[];
}

export interface RecountOptions {
  /** Called after each page of organizations. */
  onProgress?: (done: number, total: number) => void;
}

/** Not deleted: the missing field, matched by null as in space-repository.ts (and served by its index). */
const activeSpacesOf = (organizationId: string): Filter<SpaceDocument> =>
  ({ organizationId, deletedAt: null }) as unknown as Filter<SpaceDocument>;

export async function recountOrganizationCounters(
  db: StoreDatabase,
  options: RecountOptions = {},
): Promise<RecountReport> {
  const organizations = db.collection<OrganizationDocument>('organizations');
  const members = db.collection<MemberDocument>('members');
  const spaces = db.collection<SpaceDocument>('spaces');
  const spaceCounts = db.collection<SpaceCountDocument>('spaceCounts');

  const recountOne = async (
    organization: Pick<OrganizationDocument, '_id' | 'memberCount' | 'adminCount'>,
  ): Promise<CounterCorrection | null> => {
    const organizationId = organization._id;
    const [memberCount, adminCount, activeSpaces, counter] = await Promise.all([
      members.countDocuments({ organizationId }),
      members.countDocuments({ organizationId, role: 'admin' }),
      spaces.countDocuments(activeSpacesOf(organizationId)),
      spaceCounts.findOne({ _id: organizationId }),
    ]);
    const correction: CounterCorrection = { organizationId };
    if (organization.memberCount !== memberCount)
      correction.memberCount = { was: organization.memberCount, now: memberCount };
    if (organization.adminCount !== adminCount)
      correction.adminCount = { was: organization.adminCount, now: adminCount };
    if (correction.memberCount || correction.adminCount)
      await organizations.updateOne({ _id: organizationId }, { $set: { memberCount, adminCount } });
    // A missing counter reads as 0: the repository's next `$inc` would start it from there.
    if ((counter?.active ?? 0) !== activeSpaces) {
      correction.activeSpaces = { was: counter?.active ?? null, now: activeSpaces };
      await spaceCounts.updateOne(
        { _id: organizationId },
        { $set: { active: activeSpaces } },
        { upsert: true },
      );
    }
    return Object.keys(correction).length > 1 ? correction : null;
  };

  const total = await organizations.countDocuments({});
  const corrections: CounterCorrection[] = [];
  let done = 0;
  let after: string | undefined;
  for (;;) {
    const page = await organizations
      .find(after === undefined ? {} : { _id: { $gt: after } }, {
        sort: { _id: 1 },
        limit: PAGE_SIZE,
        projection: { _id: 1, memberCount: 1, adminCount: 1 },
      })
      .toArray();
    if (page.length === 0) break;
    for (const correction of await Promise.all(page.map(recountOne)))
      if (correction) corrections.push(correction);
    done += page.length;
    after = page[page.length - 1]?._id;
    options.onProgress?.(done, total);
  }
  return { organizations: done, corrections };
}
