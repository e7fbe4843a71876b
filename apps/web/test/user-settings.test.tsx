/**
 * The person's settings: their signed-in browsers (this one marked), one signed out with
 * `user.sessions.revoke`; signing this browser out leads to sign-in; their API tokens, one
 * created (shown once) and one revoked; their mail preference, turned off.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { browserNameOf } from '../src/settings/browser-name';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { ADA, page, SESSION } from './support/fixtures';

const session = (id: string, current: boolean, address: string) => ({
  object: 'session',
  id,
  current,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-20T10:00:00.000Z',
  userAgent: current
    ? 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/153.0 Safari/537.36'
    : 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:140.0) Gecko/20100101 Firefox/140.0',
  address,
});

function openSettings(overrides: Record<string, (input: unknown) => unknown> = {}) {
  return renderApp('/settings', {
    'session.current': () => SESSION,
    'user.sessions.list': () =>
      page([session('s-here', true, '10.0.0.1'), session('s-laptop', false, '10.0.0.2')]),
    'user.tokens.list': () =>
      page([
        {
          object: 'api-token',
          id: 'tok-ci',
          name: 'CI',
          preview: 'quire_ab',
          createdAt: '2026-10-01T00:00:00Z',
        },
      ]),
    'user.preferences.get': () => ({ object: 'user-preferences', emailNotifications: true }),
    ...overrides,
  });
}

describe("a browser's name", () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['curl/8.5.0', 'curl/8.5.0'],
    [undefined, 'Unknown browser'],
  ])('%s is %s', (userAgent, name) => {
    expect(browserNameOf(userAgent)).toBe(name);
  });
});

describe('user settings', () => {
  it('marks this browser and signs another one out', async () => {
    const user = userEvent.setup();
    const { calls } = openSettings({ 'user.sessions.revoke': () => null });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Chrome on LinuxThis browser');
    expect(rows[1]).toHaveTextContent('Firefox on macOS');
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    expect(rows[1]).not.toHaveTextContent('This browser');
    await user.click(within(list).getByRole('button', { name: 'Sign out the browser from 10.0.0.2' }));
    await waitFor(() => expect(callsTo(calls, 'user.sessions.revoke')).toHaveLength(1));
    expect(callsTo(calls, 'user.sessions.revoke')[0]!.input).toEqual({ sessionId: 's-laptop' });
    expect(screen.getByRole('heading', { name: 'Your settings' })).toBeInTheDocument();
  });

  it('signing this browser out leads to sign-in', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    openSettings({
      'session.current': () => (signedIn ? SESSION : null),
      'user.sessions.revoke': () => {
        signedIn = false;
        return null;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out this browser' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('revokes an API token', async () => {
    const user = userEvent.setup();
    const { calls } = openSettings({ 'user.tokens.revoke': () => null });
    await user.click(await screen.findByRole('button', { name: 'Revoke CI' }));
    await waitFor(() => expect(callsTo(calls, 'user.tokens.revoke')).toHaveLength(1));
    expect(callsTo(calls, 'user.tokens.revoke')[0]!.input).toEqual({ tokenId: 'tok-ci' });
  });

  it('creates an API token, shows it once to copy, and lists it', async () => {
    const user = userEvent.setup();
    const issued = {
      object: 'api-token',
      id: 'tok-new',
      name: 'Deploys',
      preview: 'quire_xy',
      createdAt: '2026-11-28T00:00:00Z',
      token: 'quire_xy0123456789secret',
    };
    const { calls } = openSettings({ 'user.tokens.create': () => issued });
    const form = await screen.findByRole('form', { name: 'Create an API token' });
    await user.type(within(form).getByLabelText(/New token's name/), '  Deploys ');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(callsTo(calls, 'user.tokens.create')).toHaveLength(1));
    expect(callsTo(calls, 'user.tokens.create')[0]!.input).toEqual({ name: 'Deploys' });
    const shown = await screen.findByRole('textbox', { name: 'API token Deploys' });
    expect(shown).toHaveValue(issued.token);
    expect(screen.getByText(/Copy it now: it is not shown again/)).toBeInTheDocument();
    // The list is read again.
    await waitFor(() => expect(callsTo(calls, 'user.tokens.list').length).toBeGreaterThan(1));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'API token Deploys' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Create an API token' })).toBeInTheDocument();
  });

  it("says why the server refuses a token (an organization's single sign-on)", async () => {
    const user = userEvent.setup();
    openSettings({
      'user.tokens.create': () => {
        throw refusal(
          403,
          'forbidden',
          'Single sign-on required: Acme is reached only through its identity provider',
        );
      },
    });
    const form = await screen.findByRole('form', { name: 'Create an API token' });
    await user.type(within(form).getByLabelText(/New token's name/), 'CLI');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(/Single sign-on required: Acme/)).toBeInTheDocument();
  });

  it('says when there are no tokens', async () => {
    openSettings({ 'user.tokens.list': () => page([]) });
    expect(await screen.findByText('No API tokens')).toBeInTheDocument();
  });

  it('turns mail for review requests and mentions off', async () => {
    const user = userEvent.setup();
    const { calls } = openSettings({
      'user.preferences.update': (input) => ({ object: 'user-preferences', ...(input as object) }),
    });
    const box = await screen.findByRole('checkbox', { name: /Mail me when someone asks me to review/ });
    expect(box).toBeChecked();
    await user.click(box);
    await waitFor(() => expect(callsTo(calls, 'user.preferences.update')).toHaveLength(1));
    expect(callsTo(calls, 'user.preferences.update')[0]!.input).toEqual({ emailNotifications: false });
    await waitFor(() => expect(box).not.toBeChecked());
  });

  it('renames the person, and the menu shows the new name', async () => {
    const user = userEvent.setup();
    const { calls } = openSettings({
      'users.update': (input) => ({ ...ADA, displayName: (input as { displayName: string }).displayName }),
    });
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Ada Lovelace');
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Saved.');
    expect(callsTo(calls, 'users.update').map((call) => call.input)).toEqual([
      { userId: 'user-ada', displayName: 'Ada King', photoURL: null },
    ]);
    expect(screen.getByRole('button', { name: /Ada King/ })).toBeInTheDocument();
  });

  it('changes the password with the current one, and keeps the new session', async () => {
    const user = userEvent.setup();
    const { calls, app } = openSettings({
      'session.changePassword': () => ({ user: ADA, csrfToken: 'csrf-after-change' }),
    });
    await user.type(await screen.findByLabelText('Current password'), 'correct horse battery staple');
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password changed. Your other browsers were signed out.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'session.changePassword').map((call) => call.input)).toEqual([
      { currentPassword: 'correct horse battery staple', password: 'a brand new passphrase' },
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(app.queryClient.getQueryData([['session', 'current'], { type: 'query' }])).toMatchObject({
      csrfToken: 'csrf-after-change',
    });
  });

  it('says a wrong current password, staying signed in', async () => {
    const user = userEvent.setup();
    const { app } = openSettings({
      'session.changePassword': () => {
        throw refusal(400, 'validation', 'currentPassword: This is not the current password of your account');
      },
    });
    await user.type(await screen.findByLabelText('Current password'), 'not my password');
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is not the current password of your account',
    );
    expect(app.router.state.location.pathname).toBe('/settings');
    expect(screen.getByRole('heading', { name: 'Your settings' })).toBeInTheDocument();
  });
});
