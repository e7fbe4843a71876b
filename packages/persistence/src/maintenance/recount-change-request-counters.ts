/**
 * Recounts the change-request counters of every space (`changeRequests`,
 * `changeRequestsOpen`, `changeRequestsDraft` in `counters`) from its change requests by
 * status. The change-request repository writes a change request, then moves its space's
 * counters by `$inc`: a crash between the two leaves them off, and this puts them right.
 *
 * Runs where the organization recount runs (see reconcile-after-unclean-shutdown.ts), with
 * the same guarantee that nothing else writes. Spaces are read in pages of ids, and the
 * statuses of each page's change requests in one query (index `{spaceId, _id}`), so memory
 * stays bounded by a page whatever the size of the store.
 */

import {
  type ChangeRequestCounter,
  type ChangeRequestStatus,
  changeRequestCountersOf,
  type SpaceRecord,
} from '@quire/domain';
import type { StoreDatabase } from '@quire/store';
import type { ChangeRequestDocument } from '../repositories/content/change-request-repository';
import type { SpaceDocument } from '../repositories/content/space-repository';

const PAGE_SIZE = 200;

type Counters = Record<ChangeRequestCounter, number>;

export interface ChangeRequestCounterCorrection {
  spaceId: string;
  was: Partial<Counters>;
  now: Counters;
}

export interface ChangeRequestRecount {
  spaces: number;
  /** The spaces whose counters were wrong, with what they were and now are. */
  corrections: ChangeRequestCounterCorrection[];
}

const COUNTERS: readonly ChangeRequestCounter[] = [
  'changeRequests',
  'changeRequestsOpen',
  'changeRequestsDraft',
];

export async function recountChangeRequestCounters(db: StoreDatabase): Promise<ChangeRequestRecount> {
  const spaces = db.collection<SpaceDocument>('spaces');
  const changeRequests = db.collection<ChangeRequestDocument>('changeRequests');
  const corrections: ChangeRequestCounterCorrection[] = [];
  let done = 0;
  let after: string | undefined;
  for (;;) {
    const page = await spaces
      .find(after === undefined ? {} : { _id: { $gt: after } }, {
        sort: { _id: 1 },
        limit: PAGE_SIZE,
        projection: { _id: 1, counters: 1 },
      })
      .toArray();
    if (page.length === 0) break;
    const rows = await changeRequests
      .find({ spaceId: { $in: page.map((space) => space._id) } }, { projection: { spaceId: 1, status: 1 } })
      .toArray();
    const statuses = new Map<string, ChangeRequestStatus[]>();
    for (const row of rows) {
      const ofSpace = statuses.get(row.spaceId);
      if (ofSpace) ofSpace.push(row.status);
      else statuses.set(row.spaceId, [row.status]);
    }
    for (const space of page) {
      const now = changeRequestCountersOf(statuses.get(space._id) ?? []);
      const stored: Partial<SpaceRecord['counters']> = space.counters ?? {};
      if (COUNTERS.every((counter) => stored[counter] === now[counter])) continue;
      const was = Object.fromEntries(COUNTERS.map((counter) => [counter, stored[counter]]));
      corrections.push({ spaceId: space._id, was, now });
      await spaces.updateOne(
        { _id: space._id },
        {
          $set: {
            'counters.changeRequests': now.changeRequests,
            'counters.changeRequestsOpen': now.changeRequestsOpen,
            'counters.changeRequestsDraft': now.changeRequestsDraft,
          },
        },
      );
    }
    done += page.length;
    after = page[page.length - 1]?._id;
  }
  return { spaces: done, corrections };
}
