/**
 * Signing in: a visit without a session leads to the sign-in screen, and back to where it
 * was going once signed in; a refusal shows the server's message; only the app's own paths
 * are followed after signing in.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../src/session/session-queries';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { ACME, page, SESSION } from './support/fixtures';

const ORGANIZATION_HOME = {
  'orgs.get': () => ACME,
  'orgs.list': () => page([ACME]),
  'collections.list': () => page([]),
  'spaces.list': () => page([]),
};

describe('signing in', () => {
  it('leads a visit without a session to sign-in, then back where it was going', async () => {
    const { calls, app } = renderApp('/o/org-acme', {
      'session.current': () => null,
      'session.signInWithToken': () => SESSION,
      ...ORGANIZATION_HOME,
    });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(app.router.state.location.pathname).toBe('/sign-in');
    expect(app.router.state.location.search).toEqual({ redirect: '/o/org-acme' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'API token' }));
    await user.type(screen.getByLabelText('API token', { selector: 'input' }), '  quire_token_1  ');
    await user.click(screen.getByRole('button', { name: 'Sign in with token' }));

    await screen.findByRole('heading', { name: 'Acme' });
    expect(app.router.state.location.pathname).toBe('/o/org-acme');
    expect(callsTo(calls, 'session.signInWithToken').map((call) => call.input)).toEqual([
      { token: 'quire_token_1' },
    ]);
  });

  it("shows the server's message when it refuses, and stays", async () => {
    renderApp('/sign-in', {
      'session.current': () => null,
      'session.signIn': () => {
        throw refusal(401, 'unauthenticated', 'Wrong email or password');
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'not the password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('returns to sign-in when a call finds the session gone, and comes back after', async () => {
    let signedIn = true;
    const { app } = renderApp('/o/org-acme', {
      'session.current': () => (signedIn ? SESSION : null),
      'session.signInWithToken': () => SESSION,
      ...ORGANIZATION_HOME,
      'spaces.list': () => {
        if (!signedIn) throw refusal(401, 'unauthenticated', 'The session has expired');
        return page([]);
      },
    });
    await screen.findByRole('heading', { name: 'Acme' });
    signedIn = false;
    await app.queryClient.invalidateQueries();
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(app.router.state.location.search).toEqual({ redirect: '/o/org-acme' });
  });
});

describe('where to go after signing in', () => {
  it.each([
    ['/o/org-acme/s/space-1/guides', '/o/org-acme/s/space-1/guides'],
    [undefined, '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example/', '/'],
    ['javascript:alert(1)', '/'],
  ])('%s leads to %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});

describe('the session cookie', () => {
  it('is read once per visit: later screens use the cached session', async () => {
    const { calls } = renderApp('/o/org-acme', { 'session.current': () => SESSION, ...ORGANIZATION_HOME });
    await screen.findByRole('heading', { name: 'Acme' });
    await waitFor(() => expect(callsTo(calls, 'spaces.list')).toHaveLength(1));
    expect(callsTo(calls, 'session.current')).toHaveLength(1);
  });
});
