/**
 * The insights area's pure rules, without the store: the days a range covers, the buckets of
 * a day, a batch folded into counters (one per distinct place), and the aggregate of facts.
 */
import { describe, expect, it } from 'vitest';
import { aggregateFacts, type InsightsFact } from '../../src/insights/aggregate-counters';
import type { SiteInsightsEvent } from '../../src/insights/event-schema';
import { countersOf } from '../../src/insights/insights-counters';
import { bucketOf, dayOfWeekOf, daysOfRange } from '../../src/insights/insights-days';

const NOW = new Date('2026-03-01T10:00:00Z');

describe('days', () => {
  it('covers the days of a preset up to today, and of a custom range from its first day to its last', () => {
    expect(daysOfRange('last7Days', NOW)).toEqual({ fromDay: '2026-02-23', toDay: '2026-03-01' });
    expect(daysOfRange('last30Days', NOW)).toEqual({ fromDay: '2026-01-31', toDay: '2026-03-01' });
    expect(daysOfRange({ from: '2026-01-01T23:00:00Z', to: '2026-01-03T00:30:00+01:00' }, NOW)).toEqual({
      fromDay: '2026-01-01',
      toDay: '2026-01-02',
    });
  });

  it('buckets a day in its ISO week (from Monday, across a year) and its month', () => {
    expect(bucketOf('2026-01-01', 'week')).toBe('2025-12-29');
    expect(bucketOf('2026-01-04', 'week')).toBe('2025-12-29');
    expect(bucketOf('2026-01-05', 'week')).toBe('2026-01-05');
    expect(bucketOf('2026-02-28', 'month')).toBe('2026-02-01');
    expect([dayOfWeekOf('2026-01-04'), dayOfWeekOf('2026-01-05')]).toEqual([7, 1]);
  });
});

const place = { siteSectionId: null, siteSpaceId: null, spaceId: 'space', pageId: 'page' };
const view = { type: 'page_view' } as SiteInsightsEvent;

describe('counters', () => {
  it('folds a batch into one counter per distinct day, type and place', () => {
    const other = { ...place, pageId: 'other' };
    const counters = countersOf('site', [
      { event: view, place, day: '2026-03-01', at: '' },
      { event: view, place, day: '2026-03-01', at: '' },
      { event: view, place: other, day: '2026-03-01', at: '' },
      { event: view, place, day: '2026-03-02', at: '' },
    ]);
    expect(counters.map((counter) => [counter.day, counter.pageId, counter.count])).toEqual([
      ['2026-03-01', 'page', 2],
      ['2026-03-01', 'other', 1],
      ['2026-03-02', 'page', 1],
    ]);
  });
});

describe('aggregate', () => {
  const fact = (
    day: string,
    type: string,
    count: number,
    rating: InsightsFact['rating'] = null,
  ): InsightsFact => ({
    day,
    type,
    ...place,
    rating,
    position: null,
    count,
  });
  const facts = [
    fact('2026-03-01', 'page_view', 5),
    fact('2026-03-02', 'page_view', 2),
    fact('2026-03-02', 'page_post_feedback', 3, 'good'),
    fact('2026-03-02', 'page_post_feedback_comment', 1, 'good'),
  ];

  it('counts every event type unless filtered, and ratings from the ratings alone', () => {
    expect(
      aggregateFacts(facts, {
        range: 'last7Days',
        select: [{ column: 'eventsCount' }, { column: 'pageFeedbackRating' }],
      }),
    ).toEqual({
      columns: [
        { column: 'eventsCount', values: [11] },
        { column: 'pageFeedbackRating', values: [{ ok: 0, good: 3, bad: 0 }] },
      ],
    });
  });

  it('compares days with greaterThan, and orders and limits the groups', () => {
    const result = aggregateFacts(facts, {
      range: 'last7Days',
      groupBy: [{ column: 'eventType' }],
      where: [{ column: 'datetime', operator: 'greaterThan', values: ['2026-03-01T12:00:00Z'] }],
      order: { by: { column: 'eventsCount' }, direction: 'desc' },
      limit: 2,
    });
    expect(result.columns).toEqual([
      { column: 'eventType', values: ['page_post_feedback', 'page_view'] },
      { column: 'eventsCount', values: [3, 2] },
    ]);
  });
});
