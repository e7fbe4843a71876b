/**
 * Comments on a page: listed oldest first with their replies on request; posting, replying,
 * reacting and resolving each send the matching call, and the list is read again after.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, renderApp } from './support/fake-server';
import { ACME, ADA, page, SESSION } from './support/fixtures';

const COMMENT = {
  object: 'comment',
  id: 'comment-1',
  postedBy: ADA,
  postedAt: '2026-01-01T10:00:00.000Z',
  reactions: [{ emoji: '👍', count: 1, users: [{ user: ADA, reactedAt: '2026-01-01T10:00:00.000Z' }] }],
  body: { markdown: 'Should we say which **pnpm** version?' },
  replies: 1,
  status: 'open',
  permissions: { view: true, edit: true, reply: true, react: true, resolve: true, delete: true },
};
const REPLY = {
  ...COMMENT,
  object: 'comment-reply',
  id: 'reply-1',
  body: { markdown: 'pnpm 10.' },
  reactions: [],
};
const PAGE = {
  id: 'page-1',
  title: 'Getting started',
  path: 'getting-started',
  pages: [],
  markdown: '# Hello',
};

function openPage(comments: unknown[] = [COMMENT]) {
  return renderApp('/o/org-acme/s/space-1/getting-started', {
    'session.current': () => SESSION,
    'orgs.get': () => ACME,
    'orgs.list': () => page([ACME]),
    'spaces.get': () => ({ id: 'space-1', title: 'Handbook', emoji: '', changeRequestsOpen: 0 }),
    'spaces.content.pages.list': () => ({ pages: [PAGE] }),
    'spaces.content.path.get': () => PAGE,
    'spaces.comments.list': () => page(comments),
    'spaces.comments.replies.list': () => page([REPLY]),
    'spaces.comments.post': () => COMMENT,
    'spaces.comments.update': () => COMMENT,
    'spaces.comments.replies.post': () => REPLY,
  });
}

describe('comments on a page', () => {
  it('lists the comments of the page, and follows them live', async () => {
    const { calls } = openPage();
    const region = await screen.findByRole('region', { name: /Comments/ });
    await within(region).findByText('pnpm', { selector: 'strong' });
    expect(callsTo(calls, 'spaces.comments.list')[0]!.input).toMatchObject({
      spaceId: 'space-1',
      targetPage: 'page-1',
      order: 'asc',
    });
    expect(callsTo(calls, 'live.comments')[0]!.input).toEqual({ spaceId: 'space-1' });
  });

  it('posts a comment on the page, and reads the list again', async () => {
    const { calls } = openPage();
    const region = await screen.findByRole('region', { name: /Comments/ });
    const user = userEvent.setup();
    await user.type(within(region).getByLabelText('Add a comment'), 'Looks good');
    await user.click(within(region).getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(callsTo(calls, 'spaces.comments.post')).toHaveLength(1));
    expect(callsTo(calls, 'spaces.comments.post')[0]!.input).toEqual({
      spaceId: 'space-1',
      page: 'page-1',
      body: { markdown: 'Looks good' },
    });
    await waitFor(() => expect(callsTo(calls, 'spaces.comments.list').length).toBeGreaterThan(1));
    expect(within(region).getByLabelText('Add a comment')).toHaveValue('');
  });

  it('loads no image of another site in a comment: it is a link, so nobody learns who read the thread', async () => {
    openPage([
      {
        ...COMMENT,
        body: {
          markdown:
            'Look: ![chart](https://tracker.example/pixel.gif?who=you) and ![ours](http://quire.test/files/abc/chart.png)',
        },
      },
    ]);
    const region = await screen.findByRole('region', { name: /Comments/ });
    const comment = await within(region).findByRole('article', { name: 'Comment by Ada Lovelace' });
    const sources = [...comment.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(sources).toEqual(['/files/abc/chart.png']);
    expect(within(comment).getByRole('link', { name: /chart/ })).toHaveAttribute(
      'href',
      'https://tracker.example/pixel.gif?who=you',
    );
  });

  it('shows replies, reacts, and resolves', async () => {
    const { calls } = openPage();
    const region = await screen.findByRole('region', { name: /Comments/ });
    const comment = await within(region).findByRole('article', { name: 'Comment by Ada Lovelace' });
    const user = userEvent.setup();

    await user.click(within(comment).getByRole('button', { name: '1 reply' }));
    expect(await within(comment).findByText('pnpm 10.')).toBeInTheDocument();

    const thumbs = within(comment).getByRole('button', { name: /👍 1/ });
    expect(thumbs).toHaveAttribute('aria-pressed', 'true');
    await user.click(thumbs);
    await user.click(within(comment).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(callsTo(calls, 'spaces.comments.update')).toHaveLength(2));
    expect(callsTo(calls, 'spaces.comments.update').map((call) => call.input)).toEqual([
      { spaceId: 'space-1', commentId: 'comment-1', removedReactions: ['👍'] },
      { spaceId: 'space-1', commentId: 'comment-1', resolved: true },
    ]);
  });
});
