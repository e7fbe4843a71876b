/**
 * Link reports: a space's links with the counts, broken ones first, each with its target and
 * the page it is on (opened from there), filtered by status, a page at a time; the empty
 * state; and on a change request before merge, the broken links it would bring, each named.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, type Handler, renderApp } from './support/fake-server';
import { ACME, ADA, page, SESSION } from './support/fixtures';

const SPACE = { object: 'space', id: 'space-1', title: 'Handbook' };
const ORG = { object: 'organization', id: 'org-acme', title: 'Acme' };
const pageAt = (id: string, title: string, path: string) => ({
  kind: 'page',
  organization: ORG,
  space: SPACE,
  page: { id, title, path, type: 'document' },
});
const GUIDE = pageAt('page-guide', 'Guide', 'guide');
const FAQ = pageAt('page-faq', 'FAQ', 'faq');

type Link = {
  status: 'ok' | 'broken' | 'in-app';
  relation: string;
  targetReference: unknown;
  locationReferences: unknown[];
};
const link = (status: Link['status'], targetReference: unknown, on: unknown[] = [GUIDE]): Link => ({
  status,
  relation: 'reference',
  targetReference,
  locationReferences: on,
});

const EXTERNAL = link('ok', { kind: 'url', url: 'https://example.com/docs' });
const TO_FAQ = link('ok', FAQ);
const MISSING_ANCHOR = link('broken', { ...FAQ, internalLocation: { type: 'anchor', anchor: 'nowhere' } }, [
  GUIDE,
  pageAt('page-install', 'Install', 'getting-started/install'),
]);
// A target the revision does not have is named by its URL as written.
const MISSING_FILE = link('broken', { kind: 'url', url: '.gitbook/assets/diagram.png' });
const APP_SCREEN = link('in-app', { kind: 'url', url: 'http://quire.test/o/org-acme/members' });

const STATS = { total: 5, broken: { total: 2, changeRequest: 0 } };

function openSpace(path: string, handlers: Record<string, Handler>) {
  return renderApp(path, {
    'session.current': () => SESSION,
    'orgs.get': () => ACME,
    'orgs.list': () => page([ACME]),
    'spaces.get': () => ({
      id: 'space-1',
      title: 'Handbook',
      emoji: '',
      changeRequestsOpen: 1,
      // Every space the API answers has them; the change requests screen reads `admin`.
      permissions: { view: true, edit: true, admin: false },
    }),
    'spaces.content.pages.list': () => ({ pages: [] }),
    ...handlers,
  });
}

const reportList = () => screen.findByRole('list', { name: 'Links' });

describe("a space's link report", () => {
  it('shows the counts and the links, broken first, each with its target and pages', async () => {
    const { calls } = openSpace('/o/org-acme/s/space-1/~/links', {
      'spaces.links.list': () => ({
        items: [EXTERNAL, MISSING_ANCHOR, TO_FAQ, APP_SCREEN, MISSING_FILE],
        count: 5,
        stats: STATS,
      }),
    });
    const list = await reportList();
    expect(screen.getByText(/links,/).textContent).toBe('5 links, 2 broken');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.link-status')!.textContent)).toEqual([
      'Broken',
      'Broken',
      'In app',
      'OK',
      'OK',
    ]);
    expect(rows[0]).toHaveTextContent('Heading: FAQ #nowhere');
    expect(rows[0]).toHaveTextContent('On Guide, Install');
    expect(within(rows[0]!).getByRole('link', { name: 'Install' })).toHaveAttribute(
      'href',
      '/o/org-acme/s/space-1/getting-started/install',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'FAQ #nowhere' })).toHaveAttribute(
      'href',
      '/o/org-acme/s/space-1/faq#nowhere',
    );
    expect(rows[1]).toHaveTextContent('Address: .gitbook/assets/diagram.png');
    expect(within(rows[1]!).queryByRole('link', { name: /diagram/ })).toBeNull();
    expect(within(rows[3]!).getByRole('link', { name: 'https://example.com/docs' })).toHaveAttribute(
      'href',
      'https://example.com/docs',
    );
    expect(callsTo(calls, 'spaces.links.list')[0]!.input).toEqual({ spaceId: 'space-1', limit: 50 });
  });

  it('filters by status, from the address', async () => {
    const user = userEvent.setup();
    const { app, calls } = openSpace('/o/org-acme/s/space-1/~/links', {
      'spaces.links.list': (input) =>
        (input as { status?: string }).status === 'broken'
          ? { items: [MISSING_FILE], count: 1, stats: STATS }
          : { items: [EXTERNAL, MISSING_FILE], count: 2, stats: STATS },
    });
    await reportList();
    const filters = screen.getByRole('navigation', { name: 'Filter by status' });
    expect(within(filters).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(filters).getByRole('link', { name: 'Broken' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Links' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(app.router.state.location.search).toEqual({ status: 'broken' });
    expect(within(filters).getByRole('link', { name: 'Broken' })).toHaveAttribute('aria-current', 'page');
    expect(callsTo(calls, 'spaces.links.list').at(-1)!.input).toEqual({
      spaceId: 'space-1',
      status: 'broken',
      limit: 50,
    });
  });

  it('loads more links a page at a time', async () => {
    const user = userEvent.setup();
    const { calls } = openSpace('/o/org-acme/s/space-1/~/links?status=ok', {
      'spaces.links.list': (input) =>
        (input as { page?: string }).page === 'next-1'
          ? { items: [TO_FAQ], count: 2, stats: STATS }
          : { items: [EXTERNAL], count: 2, stats: STATS, next: { page: 'next-1' } },
    });
    const list = await reportList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(callsTo(calls, 'spaces.links.list').at(-1)!.input).toEqual({
      spaceId: 'space-1',
      status: 'ok',
      limit: 50,
      page: 'next-1',
    });
  });

  it('says when there is nothing to list', async () => {
    openSpace('/o/org-acme/s/space-1/~/links?status=broken', {
      'spaces.links.list': () => ({
        items: [],
        count: 0,
        stats: { total: 3, broken: { total: 0, changeRequest: 0 } },
      }),
    });
    expect(await screen.findByText('No broken links')).toBeInTheDocument();
    expect(screen.getByText('Every link of this space leads somewhere.')).toBeInTheDocument();
  });

  it('is reached from the space', async () => {
    const user = userEvent.setup();
    const { app } = openSpace('/o/org-acme/s/space-1/~/links?status=broken', {
      'spaces.links.list': () => ({ items: [], count: 0, stats: STATS }),
      'changeRequests.list': () => page([]),
    });
    const sidebar = await screen.findByRole('navigation', { name: 'Space' });
    expect(within(sidebar).getByRole('link', { name: 'Links' })).toHaveAttribute(
      'href',
      '/o/org-acme/s/space-1/~/links',
    );
    await user.click(within(sidebar).getByRole('link', { name: /Change requests/ }));
    await user.click(within(sidebar).getByRole('link', { name: 'Links' }));
    await screen.findByRole('heading', { level: 1, name: 'Links' });
    expect(app.router.state.location.pathname).toBe('/o/org-acme/s/space-1/~/links');
  });
});

describe('the links of a change request before merge', () => {
  const CHANGE_REQUEST = {
    object: 'change-request',
    id: 'cr-1',
    number: 1,
    space: 'space-1',
    status: 'open',
    subject: 'Rework the guide',
    createdBy: ADA,
    createdAt: '2026-01-01T00:00:00.000Z',
    outdated: false,
    revision: 'rev-2',
    revisionInitial: 'rev-1',
  };

  it('names each broken link the change request brings, not those the space has already', async () => {
    const { calls } = openSpace('/o/org-acme/s/space-1/~/changes/1', {
      'changeRequests.get': () => CHANGE_REQUEST,
      'spaces.revisions.changes': () => ({ changes: [], more: false }),
      'spaces.comments.list': () => page([]),
      'spaces.links.list': (input) =>
        (input as { changeRequestId?: string }).changeRequestId === 'cr-1'
          ? {
              items: [MISSING_FILE, MISSING_ANCHOR],
              count: 2,
              stats: { total: 6, broken: { total: 2, changeRequest: 1 } },
            }
          : { items: [MISSING_FILE], count: 1, stats: STATS },
    });
    const section = await screen.findByRole('region', { name: 'Links' });
    const list = await within(section).findByRole('list', {
      name: 'Broken links this change request brings',
    });
    expect(section).toHaveTextContent('1 broken link comes with this change request.');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Heading: FAQ #nowhere');
    expect(callsTo(calls, 'spaces.links.list').map((call) => call.input)).toEqual(
      expect.arrayContaining([
        { spaceId: 'space-1', changeRequestId: 'cr-1', status: 'broken', limit: 50 },
        { spaceId: 'space-1', status: 'broken', limit: 50 },
      ]),
    );
  });

  it('says when it brings no broken link', async () => {
    openSpace('/o/org-acme/s/space-1/~/changes/1', {
      'changeRequests.get': () => CHANGE_REQUEST,
      'spaces.revisions.changes': () => ({ changes: [], more: false }),
      'spaces.comments.list': () => page([]),
      'spaces.links.list': () => ({
        items: [],
        count: 0,
        stats: { total: 1, broken: { total: 0, changeRequest: 0 } },
      }),
    });
    expect(await screen.findByText('This change request brings no broken link.')).toBeInTheDocument();
  });
});
