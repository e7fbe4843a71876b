/**
 * Signing in: a visit without a session leads to the sign-in screen, and back to where it
 * was going once signed in; a refusal shows the server's message; only the app's own paths
 * are followed after signing in.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../src/session/session-queries';
import { organizationOfPath } from '../src/sign-in/organization-of-path';
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

describe('joining through an invite link', () => {
  it('says an invitation is in the mail for a new address, signing no one in', async () => {
    const { calls, app } = renderApp('/invite/org-acme/link-token', {
      'session.current': () => null,
      'session.join': () => ({ mailedTo: 'grace@example.test', organizationId: 'org-acme' }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.test');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('heading', { name: 'Check your mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('in the mail for grace@example.test');
    expect(app.router.state.location.pathname).toBe('/invite/org-acme/link-token');
    expect(callsTo(calls, 'session.join').map((call) => call.input)).toEqual([
      {
        invite: 'link-token',
        displayName: 'Grace Hopper',
        email: 'grace@example.test',
        password: 'correct horse battery staple',
      },
    ]);
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

describe('single sign-on on the sign-in screen', () => {
  const OKTA = { id: 'saml-1', label: 'Okta', startURL: 'http://quire.test/saml/saml-1/start' };

  it("offers the organization's identity providers, coming back where the person was going", async () => {
    const { calls } = renderApp('/sign-in?org=org-acme&redirect=%2Fo%2Forg-acme%2Fs%2Fspace-1', {
      'session.current': () => null,
      'orgs.sso.list': () => ({ items: [OKTA] }),
    });
    const okta = await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(okta).toHaveAttribute(
      'href',
      'http://quire.test/saml/saml-1/start?returnTo=%2Fo%2Forg-acme%2Fs%2Fspace-1',
    );
    expect(callsTo(calls, 'orgs.sso.list').map((call) => call.input)).toEqual([
      { organizationId: 'org-acme' },
    ]);
    // The password and the token are still offered.
    expect(screen.getByRole('tab', { name: 'Email and password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
  });

  it('knows the organization of the path the person was going to', () => {
    expect(organizationOfPath('/o/org-acme/s/space-1')).toBe('org-acme');
    expect(organizationOfPath('//evil.example/o/x')).toBeUndefined();
    expect(organizationOfPath('/settings')).toBeUndefined();
    expect(organizationOfPath(undefined)).toBeUndefined();
  });

  it('asks for no providers without an organization, nor when the server lists none for the caller', async () => {
    const { calls } = renderApp('/sign-in', { 'session.current': () => null });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(callsTo(calls, 'orgs.sso.list')).toEqual([]);
    renderApp('/sign-in?org=org-acme', {
      'session.current': () => null,
      'orgs.sso.list': () => {
        throw refusal(401, 'unauthenticated', 'Sign in first');
      },
    });
    await waitFor(() => expect(screen.getAllByRole('heading', { name: 'Sign in' })).toHaveLength(2));
    expect(screen.queryByRole('link', { name: /^Sign in with / })).toBeNull();
  });

  it('explains a password refused because the organization requires single sign-on', async () => {
    renderApp('/sign-in?org=org-acme', {
      'session.current': () => null,
      'orgs.sso.list': () => ({ items: [OKTA] }),
      'session.signIn': () => {
        throw refusal(
          403,
          'forbidden',
          'Single sign-on required: members of Acme sign in through its identity provider (choose it on the sign-in page)',
        );
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'a password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Your organization requires single sign-on.');
    expect(notice).toHaveTextContent('Sign in with its identity provider above.');
    expect(screen.getByRole('link', { name: 'Sign in with Okta' })).toBeInTheDocument();
  });
});
