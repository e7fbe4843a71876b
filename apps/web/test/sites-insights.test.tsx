/**
 * A site's Insights tab: the views of each day as bars (days without views at zero), and the
 * pages read with their views, ratings and newest comments, titled from their spaces' pages;
 * a view of no page listed as not found; the period asked of the server; no tab for a
 * member who cannot edit the site, and the server's refusal shown.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { READER_SITE_PERMISSIONS, site, siteHandlers } from './support/site-fixtures';

const today = new Date().toISOString().slice(0, 10);
const at = (day: string) => `${day}T00:00:00.000Z`;
const GUIDE = { page: 'page-guide', space: 'space-guide' };
const INSTALL = { page: 'page-install', space: 'space-guide' };

/** The aggregate's answer for each query the tab makes, told apart by what it asks. */
function aggregate(input: unknown) {
  const query = input as {
    select?: Array<{ column: string }>;
    groupBy?: Array<{ column: string }>;
    where?: Array<{ values: string[] }>;
  };
  const selected = (query.select ?? []).map((column) => column.column);
  if (selected.includes('eventPageFeedbackComment'))
    return {
      columns: [
        { column: 'datetime', values: [at(today), at(today)] },
        { column: 'page', values: [GUIDE, GUIDE] },
        { column: 'eventPageFeedbackRating', values: ['bad', 'good'] },
        { column: 'eventPageFeedbackComment', values: ['The install step fails', 'Clear, thanks'] },
      ],
    };
  if (selected.includes('pageFeedbackRating'))
    return {
      columns: [
        { column: 'page', values: [GUIDE] },
        { column: 'pageFeedbackRating', values: [{ good: 4, ok: 1, bad: 2 }] },
      ],
    };
  if (selected.includes('datetime'))
    return {
      columns: [
        { column: 'datetime', values: [at(today)] },
        { column: 'eventsCount', values: [12] },
      ],
    };
  return {
    columns: [
      { column: 'page', values: [INSTALL, GUIDE, null] },
      { column: 'eventsCount', values: [8, 4, 1] },
    ],
  };
}

const PAGES = {
  pages: [
    {
      id: 'page-guide',
      title: 'Guide',
      pages: [{ id: 'page-install', title: 'Install', pages: [] }],
    },
  ],
};

function openInsights(overrides: Record<string, (input: unknown) => unknown> = {}) {
  return renderApp('/o/org-acme/sites/site-docs', {
    ...siteHandlers(true),
    'sites.insights.aggregateEvents': aggregate,
    'spaces.content.pages.list': () => PAGES,
    ...overrides,
  });
}

describe("a site's insights", () => {
  it('shows views per day and each page with its views, ratings and comments', async () => {
    const user = userEvent.setup();
    const { calls } = openInsights();
    await user.click(await screen.findByRole('tab', { name: 'Insights' }));
    const chart = await screen.findByRole('img', { name: /12 page views in 30 days/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Install'));
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['8', '0', '0', '0', 'None'],
      ['4', '4', '1', '2', 'Bad The install step failsGood Clear, thanks'],
      ['1', '0', '0', '0', 'None'],
    ]);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Guide');
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('No page (not found)');
    const asked = callsTo(calls, 'sites.insights.aggregateEvents').map(
      (call) => call.input as { range: string },
    );
    expect(asked.every((input) => input.range === 'last30Days')).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 7 days');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /in 7 days/ }).querySelectorAll('rect')).toHaveLength(7),
    );
    expect(
      callsTo(calls, 'sites.insights.aggregateEvents').some(
        (call) => (call.input as { range: string }).range === 'last7Days',
      ),
    ).toBe(true);
  });

  it('says when nobody read the site yet', async () => {
    const user = userEvent.setup();
    openInsights({ 'sites.insights.aggregateEvents': () => ({ columns: [] }) });
    await user.click(await screen.findByRole('tab', { name: 'Insights' }));
    expect(await screen.findByText('No readers yet')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No page views in this period' })).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    openInsights({
      'sites.insights.aggregateEvents': () => {
        throw refusal(
          403,
          'forbidden',
          'Your role in this organization does not allow: view insights of this site',
        );
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Insights' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('does not allow: view insights');
  });

  it('has no tab for a member who cannot edit the site', async () => {
    openInsights({ 'sites.get': () => site({ permissions: READER_SITE_PERMISSIONS }) });
    await screen.findByRole('tab', { name: 'Structure' });
    expect(screen.queryByRole('tab', { name: 'Insights' })).toBeNull();
  });
});
