/**
 * The pure rules of reviews, as tables: the merge rules (`evaluateMergeRules`, rules 1 to 4,
 * the first unmet one blocking), which reviews are outdated (`outdatedReviews`,
 * `currentVerdicts`), and who may review (`CHANGE_REQUEST_RULES.review`: the space's review
 * role, a requested reviewer from comment, never the author).
 */
import { describe, expect, it } from 'vitest';
import {
  blockingRule,
  evaluateMergeRules,
  type MergeRuleSettings,
  NO_MERGE_RULES,
} from '../../src/content/change-requests/reviews/merge-rules';
import type {
  ChangeRequestReviewRecord,
  ChangeRequestReviewStatus,
} from '../../src/content/change-requests/reviews/records';
import { currentVerdicts, outdatedReviews } from '../../src/content/change-requests/reviews/review-state';
import { ROLES, type Role } from '../../src/core/schemas';
import { changeRequestAllows, changeRequestPermissions } from '../../src/policies/change-request-policy';

const verdicts = (entries: Record<string, ChangeRequestReviewStatus>) => new Map(Object.entries(entries));
const rules = (settings: Partial<MergeRuleSettings>): MergeRuleSettings => ({
  ...NO_MERGE_RULES,
  ...settings,
});

describe('the merge rules', () => {
  // [what, settings, verdicts, requested reviewers, outdated, the blocking rule's number or null]
  const table: Array<
    [
      string,
      Partial<MergeRuleSettings>,
      Record<string, ChangeRequestReviewStatus>,
      string[],
      boolean,
      number | null,
    ]
  > = [
    ['no rule, nothing reviewed', {}, {}, [], true, null],
    ['rule 1 unmet: no approval', { minApprovals: 1 }, {}, [], false, 1],
    [
      'rule 1 unmet: changes requested is no approval',
      { minApprovals: 1 },
      { ann: 'changes-requested' },
      [],
      false,
      1,
    ],
    ['rule 1 met', { minApprovals: 1 }, { ann: 'approved' }, [], false, null],
    [
      'rule 1 unmet: two needed',
      { minApprovals: 2 },
      { ann: 'approved', bob: 'changes-requested' },
      [],
      false,
      1,
    ],
    ['rule 1 met: two', { minApprovals: 2 }, { ann: 'approved', bob: 'approved' }, [], false, null],
    ['rule 2 met: nobody asked', { requireRequestedReviewers: true }, {}, [], false, null],
    [
      'rule 2 unmet: one of two asked approved',
      { requireRequestedReviewers: true },
      { ann: 'approved' },
      ['ann', 'bob'],
      false,
      2,
    ],
    [
      'rule 2 met',
      { requireRequestedReviewers: true },
      { ann: 'approved', bob: 'approved' },
      ['ann', 'bob'],
      false,
      null,
    ],
    ['rule 3 unmet', { requireUpToDate: true }, {}, [], true, 3],
    ['rule 3 met', { requireUpToDate: true }, {}, [], false, null],
    [
      'rule 4 unmet: someone else approved',
      { requiredReviewers: ['cat'] },
      { ann: 'approved' },
      [],
      false,
      4,
    ],
    ['rule 4 met', { requiredReviewers: ['cat'] }, { cat: 'approved' }, [], false, null],
    ['the first unmet rule blocks: 1 before 3', { minApprovals: 1, requireUpToDate: true }, {}, [], true, 1],
    [
      'the first unmet rule blocks: 3 before 4',
      { requireUpToDate: true, requiredReviewers: ['cat'] },
      {},
      [],
      true,
      3,
    ],
    [
      'every rule met',
      { minApprovals: 1, requireRequestedReviewers: true, requireUpToDate: true, requiredReviewers: ['cat'] },
      { cat: 'approved', ann: 'approved' },
      ['ann'],
      false,
      null,
    ],
  ];
  for (const [what, settings, given, requested, outdated, blocking] of table) {
    it(what, () => {
      const outcomes = evaluateMergeRules({
        settings: rules(settings),
        verdicts: verdicts(given),
        requestedReviewers: requested,
        outdated,
      });
      expect(blockingRule(outcomes)?.number ?? null).toBe(blocking);
    });
  }

  it('lists only the rules in force, in order, naming who has yet to approve', () => {
    const outcomes = evaluateMergeRules({
      settings: rules({ requireRequestedReviewers: true, requiredReviewers: ['cat', 'dan'] }),
      verdicts: verdicts({ dan: 'approved' }),
      requestedReviewers: ['ann'],
      outdated: false,
    });
    expect(outcomes.map((o) => [o.number, o.satisfied, o.waitingFor])).toEqual([
      [2, false, ['ann']],
      [4, false, ['cat']],
    ]);
  });
});

describe('which reviews count', () => {
  const review = (
    id: string,
    reviewer: string,
    revision: string,
    status: ChangeRequestReviewStatus = 'approved',
  ) =>
    ({
      id,
      spaceId: 's',
      changeRequestId: 'c',
      revision,
      reviewer,
      status,
      createdAt: `2026-01-01T00:00:0${id}.000Z`,
    }) satisfies ChangeRequestReviewRecord;

  it('a review of an older revision, or one the same person followed with another, is outdated', () => {
    const reviews = [
      review('1', 'ann', 'r1'),
      review('2', 'bob', 'r2', 'changes-requested'),
      review('3', 'bob', 'r2'),
      review('4', 'cat', 'r2', 'changes-requested'),
    ];
    expect([...outdatedReviews(reviews, 'r2')].sort()).toEqual(['1', '2']);
    expect(currentVerdicts(reviews, 'r2')).toEqual(verdicts({ bob: 'approved', cat: 'changes-requested' }));
    // A new revision: nobody's word counts any more.
    expect(currentVerdicts(reviews, 'r3').size).toBe(0);
    expect(outdatedReviews(reviews, 'r3').size).toBe(4);
  });

  it("a person's newest review is their word, even asking for changes after approving", () => {
    const reviews = [review('1', 'ann', 'r1'), review('2', 'ann', 'r1', 'changes-requested')];
    expect(currentVerdicts(reviews, 'r1')).toEqual(verdicts({ ann: 'changes-requested' }));
  });
});

describe('who may review', () => {
  const rank = (role: Role) => ROLES.length - ROLES.indexOf(role);
  for (const role of ROLES) {
    it(`${role}: from review, or from comment when asked; never the author`, () => {
      expect(changeRequestAllows('review', { role, isAuthor: false })).toBe(rank(role) >= rank('review'));
      expect(changeRequestAllows('review', { role, isAuthor: false, isRequestedReviewer: true })).toBe(
        rank(role) >= rank('comment'),
      );
      expect(changeRequestAllows('review', { role, isAuthor: true, isRequestedReviewer: true })).toBe(false);
    });
  }
  it('nobody outside the space, asked or not', () => {
    expect(changeRequestAllows('review', { role: null, isAuthor: false, isRequestedReviewer: true })).toBe(
      false,
    );
  });
  it('the permissions object is the same table', () => {
    expect(changeRequestPermissions({ role: 'edit', isAuthor: true })).toEqual({
      view: true,
      create: true,
      update: true,
      editContent: true,
      merge: false,
      review: false,
      requestReviewers: true,
    });
  });
});
