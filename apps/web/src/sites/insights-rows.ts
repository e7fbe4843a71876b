/**
 * What the Insights tab shows, read from the aggregate's answers (GitBook's columnar shape:
 * one list of values per column): the views of each day of the range (days without any
 * shown as zero) and, per page, its views, its ratings and its newest comments.
 */

export interface AggregateAnswer {
  columns: ReadonlyArray<{ column: string; values: readonly unknown[] }>;
}

export interface PageRef {
  page: string | null;
  space: string;
}

export interface Ratings {
  good: number;
  ok: number;
  bad: number;
}

export interface PageComment {
  at: string;
  rating: string;
  comment: string;
}

export interface PageInsights {
  /** `space/page`, or '' for views of no page (a 404). */
  key: string;
  ref: PageRef | null;
  views: number;
  ratings: Ratings;
  comments: PageComment[];
}

/** The answer's rows, each keyed by column. */
export function rowsOf(answer: AggregateAnswer): Array<Record<string, unknown>> {
  const count = answer.columns[0]?.values.length ?? 0;
  return Array.from({ length: count }, (_, i) =>
    Object.fromEntries(answer.columns.map(({ column, values }) => [column, values[i]])),
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC days of a range of `days` ending today, oldest first (`YYYY-MM-DD`). */
export function daysEndingToday(days: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** Views per day of `days`, zero where the answer has no row. */
export function viewsPerDay(
  answer: AggregateAnswer,
  days: readonly string[],
): Array<{ day: string; views: number }> {
  const counted = new Map(
    rowsOf(answer).map((row) => [String(row.datetime).slice(0, 10), Number(row.eventsCount)]),
  );
  return days.map((day) => ({ day, views: counted.get(day) ?? 0 }));
}

const keyOf = (ref: PageRef | null): string => (ref?.page ? `${ref.space}/${ref.page}` : '');

/** Each page's views, ratings and newest comments (at most `commentsPerPage`), most viewed first. */
export function pagesInsights(
  views: AggregateAnswer,
  ratings: AggregateAnswer,
  comments: AggregateAnswer,
  commentsPerPage = 3,
): PageInsights[] {
  const pages = new Map<string, PageInsights>();
  const pageOf = (ref: PageRef | null): PageInsights => {
    const key = keyOf(ref);
    let found = pages.get(key);
    if (!found) {
      found = {
        key,
        ref: ref?.page ? ref : null,
        views: 0,
        ratings: { good: 0, ok: 0, bad: 0 },
        comments: [],
      };
      pages.set(key, found);
    }
    return found;
  };
  for (const row of rowsOf(views)) pageOf(row.page as PageRef | null).views += Number(row.eventsCount);
  for (const row of rowsOf(ratings)) {
    const counts = row.pageFeedbackRating as Ratings;
    const page = pageOf(row.page as PageRef | null);
    page.ratings = {
      good: page.ratings.good + counts.good,
      ok: page.ratings.ok + counts.ok,
      bad: page.ratings.bad + counts.bad,
    };
  }
  for (const row of rowsOf(comments)) {
    const page = pageOf(row.page as PageRef | null);
    if (page.comments.length < commentsPerPage)
      page.comments.push({
        at: String(row.datetime),
        rating: String(row.eventPageFeedbackRating),
        comment: String(row.eventPageFeedbackComment),
      });
  }
  return [...pages.values()].sort((a, b) => b.views - a.views || a.key.localeCompare(b.key));
}
