/**
 * The bell of the top bar (issue 30, item 3): the unread review notifications counted and
 * said in words, one opened (marked read, and the change request shown), all marked read;
 * no bell when the list cannot be read.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { page, SESSION } from './support/fixtures';

const notification = (id: string, kind: string, review?: { id: string; status: string }) => ({
  object: 'notification',
  id,
  kind,
  read: false,
  createdAt: '2026-11-29T04:00:00.000Z',
  actor: { object: 'user', id: 'user-grace', displayName: 'Grace Hopper', urls: { location: 'x' } },
  space: 'space-1',
  changeRequest: { id: 'cr-1', number: 7, subject: 'Install guide' },
  ...(review ? { review } : {}),
  urls: { app: 'http://quire.test/o/org-acme/s/space-1/~/changes/7' },
});

function openHome(overrides: Record<string, (input: unknown) => unknown> = {}) {
  return renderApp('/o/org-acme', {
    'session.current': () => SESSION,
    'orgs.list': () => page([{ id: 'org-acme', title: 'Acme' }]),
    'orgs.get': () => ({ id: 'org-acme', title: 'Acme', permissions: { admin: true } }),
    'collections.list': () => page([]),
    'spaces.list': () => page([]),
    'user.notifications.list': () =>
      page([
        notification('n-2', 'review_submitted', { id: 'r-1', status: 'approved' }),
        notification('n-1', 'review_requested'),
      ]),
    'user.notifications.markRead': () => ({ marked: 1 }),
    ...overrides,
  });
}

describe('the notification bell', () => {
  it('counts the unread ones, says each, and marks them read', async () => {
    const user = userEvent.setup();
    const { calls } = openHome();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    expect(
      await screen.findByRole('menuitem', { name: 'Grace Hopper approved #7 Install guide' }),
    ).toBeVisible();
    expect(
      screen.getByRole('menuitem', { name: 'Grace Hopper asked you to review #7 Install guide' }),
    ).toBeVisible();
    await user.click(screen.getByRole('menuitem', { name: 'Mark all read' }));
    await waitFor(() => expect(callsTo(calls, 'user.notifications.markRead')).toHaveLength(1));
    expect(callsTo(calls, 'user.notifications.markRead')[0]!.input).toEqual({});
    expect(callsTo(calls, 'user.notifications.list')[0]!.input).toEqual({ unread: true, limit: 20 });
  });

  it('marks one read when it is opened', async () => {
    const user = userEvent.setup();
    const { calls } = openHome();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(
      await screen.findByRole('menuitem', { name: 'Grace Hopper asked you to review #7 Install guide' }),
    );
    await waitFor(() => expect(callsTo(calls, 'user.notifications.markRead')).toHaveLength(1));
    expect(callsTo(calls, 'user.notifications.markRead')[0]!.input).toEqual({ ids: ['n-1'] });
  });

  it('is not there when the list cannot be read', async () => {
    openHome({
      'user.notifications.list': () => {
        throw refusal(503, 'unavailable', 'The store refuses reads');
      },
    });
    expect(await screen.findByText('No spaces yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });
});
