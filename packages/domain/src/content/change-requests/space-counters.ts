/**
 * How the change-request counters of a space (`changeRequests`, `changeRequestsOpen`,
 * `changeRequestsDraft`) move when a change request is created or changes status: the one
 * place that says which status counts where, used by the repository for every write and by
 * the startup repair when it recounts.
 */
import type { SpaceRecord } from '../spaces/records';
import type { ChangeRequestStatus } from './records';

export type ChangeRequestCounter = Exclude<keyof SpaceRecord['counters'], 'comments'>;

export type ChangeRequestCounterMoves = Record<ChangeRequestCounter, number>;

/** The counter each status counts in, beside the total (`changeRequests`: every change request). */
const STATUS_COUNTER: Record<ChangeRequestStatus, ChangeRequestCounter | null> = {
  draft: 'changeRequestsDraft',
  open: 'changeRequestsOpen',
  archived: null,
  merged: null,
};

/** The counter moves of a change request going from `from` (null: created) to `to`. */
export function changeRequestCounterMoves(
  from: ChangeRequestStatus | null,
  to: ChangeRequestStatus,
): ChangeRequestCounterMoves {
  const moves: ChangeRequestCounterMoves = {
    changeRequests: from === null ? 1 : 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
  };
  const left = from === null ? null : STATUS_COUNTER[from];
  const entered = STATUS_COUNTER[to];
  if (left) moves[left] -= 1;
  if (entered) moves[entered] += 1;
  return moves;
}

/** The counters of a space holding change requests of these statuses (what the repair recounts). */
export function changeRequestCountersOf(statuses: Iterable<ChangeRequestStatus>): ChangeRequestCounterMoves {
  const counters: ChangeRequestCounterMoves = {
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
  };
  for (const status of statuses) {
    const moves = changeRequestCounterMoves(null, status);
    counters.changeRequests += moves.changeRequests;
    counters.changeRequestsOpen += moves.changeRequestsOpen;
    counters.changeRequestsDraft += moves.changeRequestsDraft;
  }
  return counters;
}
