/**
 * What a refused screen says: the server's message, and what to do about it by status (a
 * 403 asks for access, a 404 leads back to the organizations, others offer to try again).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusal, renderApp } from './support/fake-server';
import { page, SESSION } from './support/fixtures';

function openOrganization(error: Error, counter?: { calls: number }) {
  return renderApp('/o/org-hidden', {
    'session.current': () => SESSION,
    'orgs.list': () => page([]),
    'orgs.get': () => {
      if (counter) counter.calls += 1;
      throw error;
    },
    'collections.list': () => page([]),
    'spaces.list': () => page([]),
  });
}

describe('a refused screen', () => {
  it('403: says who can give access', async () => {
    openOrganization(refusal(403, 'forbidden', 'Only admins may do this'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You do not have access');
    expect(alert).toHaveTextContent('Only admins may do this');
    expect(alert).toHaveTextContent('Ask an administrator of the organization');
    expect(screen.getByRole('link', { name: 'Go to your organizations' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('404: says it may not exist or not be shared, and leads back', async () => {
    openOrganization(refusal(404, 'not_found', 'Organization not found'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not found');
    expect(alert).toHaveTextContent('Check the address');
    expect(screen.getByRole('link', { name: 'Go to your organizations' })).toBeInTheDocument();
  });

  it('503: offers to try again, and tries', async () => {
    const counter = { calls: 0 };
    openOrganization(refusal(503, 'unavailable', 'The store refuses writes'), counter);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server is not ready');
    const before = counter.calls;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(counter.calls).toBeGreaterThan(before);
  });
});

describe('an empty organization', () => {
  it('says it has no spaces yet and offers to create one', async () => {
    renderApp('/o/org-acme', {
      'session.current': () => SESSION,
      'orgs.list': () => page([{ id: 'org-acme', title: 'Acme' }]),
      'orgs.get': () => ({ id: 'org-acme', title: 'Acme' }),
      'collections.list': () => page([]),
      'spaces.list': () => page([]),
    });
    expect(await screen.findByText('No spaces yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New space' })).toBeInTheDocument();
  });
});
