/**
 * A site's Insights tab: what its readers did over the last days, from the aggregate of their
 * events. Page views per day as a bar chart, and a table of the pages read, each with its
 * views, its feedback ratings and its newest comments. Site editors and admins read it; the
 * server refuses anyone else (the tab is shown to those whose site permissions allow editing).
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { flatPages } from '../translations/source-pages';
import { Empty, ErrorNotice, Loading } from '../ui/states';
import { ViewsChart } from './insights-chart';
import {
  type AggregateAnswer,
  daysEndingToday,
  type PageInsights,
  pagesInsights,
  viewsPerDay,
} from './insights-rows';
import type { Site } from './site-types';
import './site-insights.css';

const RANGES = [
  { value: 'last7Days', label: 'Last 7 days', days: 7 },
  { value: 'last30Days', label: 'Last 30 days', days: 30 },
  { value: 'last3Months', label: 'Last 3 months', days: 90 },
] as const;
type RangeValue = (typeof RANGES)[number]['value'];

const VIEWS = { column: 'eventType' as const, values: ['page_view'] };
const RATINGS = { column: 'eventType' as const, values: ['page_post_feedback'] };
const RATING_LABELS: Record<string, string> = { good: 'Good', ok: 'OK', bad: 'Bad' };

function useInsights(organizationId: string, siteId: string, range: RangeValue) {
  const trpc = useTRPC();
  const base = { organizationId, siteId, range };
  const perDay = useQuery(
    trpc.sites.insights.aggregateEvents.queryOptions({
      ...base,
      select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }],
      where: [VIEWS],
    }),
  );
  const perPage = useQuery(
    trpc.sites.insights.aggregateEvents.queryOptions({
      ...base,
      groupBy: [{ column: 'page' }],
      where: [VIEWS],
      order: { by: { column: 'eventsCount' }, direction: 'desc' },
      limit: 100,
    }),
  );
  const ratings = useQuery(
    trpc.sites.insights.aggregateEvents.queryOptions({
      ...base,
      select: [{ column: 'page' }, { column: 'pageFeedbackRating' }],
      groupBy: [{ column: 'page' }],
      where: [RATINGS],
    }),
  );
  const comments = useQuery(
    trpc.sites.insights.aggregateEvents.queryOptions({
      ...base,
      select: [
        { column: 'datetime' },
        { column: 'page' },
        { column: 'eventPageFeedbackRating' },
        { column: 'eventPageFeedbackComment' },
      ],
      order: { by: { column: 'datetime' }, direction: 'desc' },
      limit: 200,
    }),
  );
  return [perDay, perPage, ratings, comments] as const;
}

/** The titles of the pages of the spaces the table names, by `space/page`. */
function usePageTitles(spaceIds: readonly string[]): Map<string, string> {
  const trpc = useTRPC();
  const lists = useQueries({
    queries: spaceIds.map((spaceId) => trpc.spaces.content.pages.list.queryOptions({ spaceId })),
  });
  return useMemo(() => {
    const titles = new Map<string, string>();
    lists.forEach((list, i) => {
      for (const page of flatPages(list.data?.pages ?? []))
        titles.set(`${spaceIds[i]}/${page.id}`, page.title);
    });
    return titles;
  }, [lists, spaceIds]);
}

export function SiteInsights({ organizationId, site }: { organizationId: string; site: Site }) {
  const [range, setRange] = useState<RangeValue>('last30Days');
  const rangeId = useId();
  const queries = useInsights(organizationId, site.id, range);
  const [perDay, perPage, ratings, comments] = queries;
  const failed = queries.find((query) => query.error);
  const days = RANGES.find((choice) => choice.value === range)?.days ?? 30;
  const pages = useMemo(
    () =>
      perPage.data && ratings.data && comments.data
        ? pagesInsights(
            perPage.data as AggregateAnswer,
            ratings.data as AggregateAnswer,
            comments.data as AggregateAnswer,
          )
        : [],
    [perPage.data, ratings.data, comments.data],
  );
  const spaceIds = useMemo(
    () => [...new Set(pages.flatMap((page) => (page.ref ? [page.ref.space] : [])))],
    [pages],
  );
  const titles = usePageTitles(spaceIds);
  return (
    <section className="management-section" aria-labelledby="insights-title">
      <div className="insights-heading">
        <h2 id="insights-title">Insights</h2>
        <label htmlFor={rangeId} className="insights-range">
          Period
          <select id={rangeId} value={range} onChange={(event) => setRange(event.target.value as RangeValue)}>
            {RANGES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {failed?.error ? (
        <ErrorNotice error={failed.error} retry={() => queries.forEach((query) => void query.refetch())} />
      ) : !perDay.data || !perPage.data || !ratings.data || !comments.data ? (
        <Loading label="Loading the site's insights…" />
      ) : (
        <>
          <h3>Page views per day</h3>
          <ViewsChart
            series={viewsPerDay(perDay.data as AggregateAnswer, daysEndingToday(days, new Date()))}
          />
          <h3>Pages</h3>
          {pages.length === 0 ? (
            <Empty title="No readers yet">
              Page views and feedback show here once the published site is read.
            </Empty>
          ) : (
            <PagesTable pages={pages} titles={titles} />
          )}
        </>
      )}
    </section>
  );
}

function PagesTable({
  pages,
  titles,
}: {
  pages: readonly PageInsights[];
  titles: ReadonlyMap<string, string>;
}) {
  return (
    <table className="insights-table">
      <caption className="visually-hidden">Page views, feedback ratings and recent comments per page</caption>
      <thead>
        <tr>
          <th scope="col">Page</th>
          <th scope="col">Views</th>
          <th scope="col">Good</th>
          <th scope="col">OK</th>
          <th scope="col">Bad</th>
          <th scope="col">Recent comments</th>
        </tr>
      </thead>
      <tbody>
        {pages.map((page) => (
          <tr key={page.key}>
            <th scope="row">
              {page.ref ? (titles.get(page.key) ?? 'A page since removed') : 'No page (not found)'}
            </th>
            <td>{page.views}</td>
            <td>{page.ratings.good}</td>
            <td>{page.ratings.ok}</td>
            <td>{page.ratings.bad}</td>
            <td>
              {page.comments.length === 0 ? (
                <span className="insights-none">None</span>
              ) : (
                <ul className="insights-comments">
                  {page.comments.map((comment) => (
                    <li key={`${comment.at}-${comment.comment}`}>
                      <span className={`insights-rating insights-rating-${comment.rating}`}>
                        {RATING_LABELS[comment.rating] ?? comment.rating}
                      </span>{' '}
                      {comment.comment}
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
