/**
 * The pure rules of change requests, as tables: who may do what (`CHANGE_REQUEST_RULES`),
 * what a PATCH may do in each status (`patchRefusal`), how the space counters move with each
 * status, and when a change request is outdated.
 */
import { describe, expect, it } from 'vitest';
import type { SettableChangeRequestStatus } from '../src/content/change-requests/change-request-fields';
import { isOutdated } from '../src/content/change-requests/outdated';
import { type ChangeRequestChange, patchRefusal } from '../src/content/change-requests/patch-rules';
import type { ChangeRequestStatus } from '../src/content/change-requests/records';
import {
  changeRequestCounterMoves,
  changeRequestCountersOf,
} from '../src/content/change-requests/space-counters';
import { ROLES, type Role } from '../src/core/schemas';
import { type ChangeRequestAction, changeRequestAllows } from '../src/policies/change-request-policy';

describe('who may act on change requests', () => {
  // The least role for anyone, and for the change request's author.
  // `review` (never its author; a requested reviewer from comment) has its own table in
  // test/content/change-request-reviews.test.ts.
  const table: Record<Exclude<ChangeRequestAction, 'review'>, [anyone: Role, author: Role]> = {
    view: ['read', 'read'],
    create: ['edit', 'edit'],
    update: ['review', 'edit'],
    editContent: ['edit', 'edit'],
    merge: ['review', 'review'],
    requestReviewers: ['review', 'edit'],
  };
  for (const [action, [anyone, author]] of Object.entries(table) as Array<
    [Exclude<ChangeRequestAction, 'review'>, [Role, Role]]
  >) {
    it(`${action}: anyone from ${anyone}, its author from ${author}`, () => {
      for (const role of ROLES) {
        const rank = (r: Role) => ROLES.length - ROLES.indexOf(r);
        expect(changeRequestAllows(action, { role, isAuthor: false }), role).toBe(rank(role) >= rank(anyone));
        expect(changeRequestAllows(action, { role, isAuthor: true }), `${role} (author)`).toBe(
          rank(role) >= rank(author),
        );
      }
      expect(changeRequestAllows(action, { role: null, isAuthor: true })).toBe(false);
    });
  }
});

describe('what a PATCH may do in each status', () => {
  const REFUSED = 'refused';
  const ALLOWED = 'allowed';
  const changes: Array<[string, ChangeRequestChange]> = [
    ['nothing', {}],
    ['subject', { subject: 'New' }],
    ...(['draft', 'open', 'archived'] as SettableChangeRequestStatus[]).flatMap(
      (status): Array<[string, ChangeRequestChange]> => [
        [`-> ${status}`, { status }],
        [`subject and -> ${status}`, { subject: 'New', status }],
      ],
    ),
  ];
  const table: Record<ChangeRequestStatus, Record<string, typeof REFUSED | typeof ALLOWED>> = {
    draft: Object.fromEntries(changes.map(([title]) => [title, ALLOWED])),
    open: Object.fromEntries(changes.map(([title]) => [title, ALLOWED])),
    archived: {
      nothing: ALLOWED,
      subject: REFUSED,
      '-> draft': ALLOWED,
      'subject and -> draft': ALLOWED,
      '-> open': ALLOWED,
      'subject and -> open': ALLOWED,
      '-> archived': ALLOWED,
      'subject and -> archived': REFUSED,
    },
    merged: Object.fromEntries(changes.map(([title]) => [title, title === 'nothing' ? ALLOWED : REFUSED])),
  };
  for (const [status, expected] of Object.entries(table) as Array<
    [ChangeRequestStatus, Record<string, string>]
  >) {
    it(`${status}`, () => {
      const seen = Object.fromEntries(
        changes.map(([title, change]) => [title, patchRefusal(status, change) === null ? ALLOWED : REFUSED]),
      );
      expect(seen).toEqual(expected);
    });
  }
});

describe('the space counters', () => {
  it('move with each status change', () => {
    const cases: Array<[ChangeRequestStatus | null, ChangeRequestStatus, [number, number, number]]> = [
      [null, 'draft', [1, 0, 1]],
      [null, 'open', [1, 1, 0]],
      ['draft', 'open', [0, 1, -1]],
      ['open', 'draft', [0, -1, 1]],
      ['open', 'archived', [0, -1, 0]],
      ['draft', 'archived', [0, 0, -1]],
      ['archived', 'open', [0, 1, 0]],
      ['open', 'merged', [0, -1, 0]],
      ['draft', 'merged', [0, 0, -1]],
      ['open', 'open', [0, 0, 0]],
    ];
    for (const [from, to, [all, open, draft]] of cases) {
      expect(changeRequestCounterMoves(from, to), `${from} -> ${to}`).toEqual({
        changeRequests: all,
        changeRequestsOpen: open,
        changeRequestsDraft: draft,
      });
    }
  });

  it('count every change request, and the open and draft ones', () => {
    expect(
      changeRequestCountersOf(['draft', 'open', 'open', 'archived', 'merged', 'draft', 'draft']),
    ).toEqual({
      changeRequests: 7,
      changeRequestsOpen: 2,
      changeRequestsDraft: 3,
    });
  });
});

describe('isOutdated', () => {
  it('compares the space revision with the base: the last update, else the initial revision', () => {
    const base = { status: 'open', revisionInitial: 'r1' } as const;
    expect(isOutdated(base, 'r1')).toBe(false);
    expect(isOutdated(base, 'r2')).toBe(true);
    expect(isOutdated({ ...base, revisionMergedAncestor: 'r2' }, 'r2')).toBe(false);
    expect(isOutdated({ ...base, revisionMergedAncestor: 'r2' }, 'r1')).toBe(true);
    expect(isOutdated({ ...base, status: 'merged' }, 'r9')).toBe(false);
    expect(isOutdated({ ...base, status: 'archived' }, 'r9')).toBe(true);
  });
});
