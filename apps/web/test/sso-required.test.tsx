/**
 * An organization that refuses the session for single sign-on (the server's 403
 * `SSO_REQUIRED` at access, `policies/session-reach.ts`): a page saying the organization
 * requires it, with its identity providers to sign in through, coming back where the person
 * was; not the generic refusal, and the person stays signed in for their other organizations.
 * And an organization not reached by a session another organization's provider opened (403
 * `SESSION_OF_ANOTHER_PROVIDER`): the password sign-in, and its own providers.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { page, SESSION } from './support/fixtures';

const OKTA = { id: 'oidc-1', label: 'Okta', startURL: 'http://quire.test/oidc/oidc-1/start' };
const HELD = refusal(
  403,
  'forbidden',
  'Single sign-on required: Acme is reached only by signing in through its identity provider (choose it on the sign-in page)',
);

/**
 * The app at `path`, its person a member of Acme and Beta, the one `refusedId` names refusing
 * the session (its organization and its spaces) with `refusal`; `entries`, its providers.
 */
function openRefusingOrganization(
  path: string,
  refusedId: 'org-acme' | 'org-beta',
  refusal: unknown,
  entries: (typeof OKTA)[],
) {
  const other = refusedId === 'org-acme' ? 'Beta' : 'Acme';
  return renderApp(path, {
    'session.current': () => SESSION,
    'orgs.list': () =>
      page([
        { id: 'org-acme', title: 'Acme' },
        { id: 'org-beta', title: 'Beta' },
      ]),
    'orgs.get': (input) => {
      const { organizationId } = input as { organizationId: string };
      if (organizationId === refusedId) throw refusal;
      return { id: organizationId, title: other };
    },
    'orgs.sso.list': () => ({ items: entries }),
    'collections.list': () => page([]),
    'spaces.list': () => page([]),
    'spaces.get': () => {
      throw refusal;
    },
  });
}

const openHeldOrganization = (path: string, entries: (typeof OKTA)[] = [OKTA]) =>
  openRefusingOrganization(path, 'org-acme', HELD, entries);

describe('an organization requiring single sign-on', () => {
  it('says so and offers its identity provider, coming back to the screen asked for', async () => {
    const { calls } = openHeldOrganization('/o/org-acme/s/space-1');
    const alert = await screen.findByRole('alert', { name: 'Acme requires single sign-on' });
    expect(alert).toHaveTextContent('You are still signed in to your other organizations');
    expect(await screen.findByRole('link', { name: 'Sign in with Okta' })).toHaveAttribute(
      'href',
      'http://quire.test/oidc/oidc-1/start?returnTo=%2Fo%2Forg-acme%2Fs%2Fspace-1',
    );
    expect(screen.queryByText('You do not have access')).toBeNull();
    expect(callsTo(calls, 'orgs.sso.list').map((call) => call.input)).toEqual([
      { organizationId: 'org-acme' },
    ]);
    // Nothing signed the person out.
    expect(callsTo(calls, 'session.signOut')).toEqual([]);
  });

  it('keeps the other organizations a click away', async () => {
    const { app } = openHeldOrganization('/o/org-acme');
    await screen.findByRole('alert', { name: 'Acme requires single sign-on' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Organization: Acme/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Beta' }));
    expect(await screen.findByText('No spaces yet')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/o/org-beta');
    expect(screen.queryByRole('alert', { name: /requires single sign-on/ })).toBeNull();
  });

  it('tells whom to ask when the organization lists no provider', async () => {
    openHeldOrganization('/o/org-acme', []);
    await screen.findByRole('alert', { name: 'Acme requires single sign-on' });
    expect(
      await screen.findByText('Ask an administrator of the organization for its sign-in link.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });
});

const ELSEWHERE = refusal(
  403,
  'forbidden',
  "Session of another identity provider: Beta is not reached with a session opened through another organization's identity provider; sign in with your password (or through its own identity provider) to reach it",
);

const openOrganizationOfAnotherProvider = (path: string, entries: (typeof OKTA)[] = []) =>
  openRefusingOrganization(path, 'org-beta', ELSEWHERE, entries);

describe("an organization not reached by a session another organization's provider opened", () => {
  const TITLE = "Beta is not reached with a session opened through another organization's identity provider";

  it('says so and offers the password sign-in, coming back to the screen asked for, signing no one out', async () => {
    const { calls, app } = openOrganizationOfAnotherProvider('/o/org-beta/s/space-1');
    const alert = await screen.findByRole('alert', { name: TITLE });
    expect(alert).toHaveTextContent('Sign in with your password to reach it');
    expect(alert).toHaveTextContent('You are still signed in to your other organizations');
    const password = screen.getByRole('link', { name: 'Sign in with your password' });
    expect(password).toHaveAttribute('href', expect.stringMatching(/^\/sign-in\?/));
    expect(screen.queryByText('Ask an administrator of the organization for its sign-in link.')).toBeNull();
    expect(screen.queryByText('You do not have access')).toBeNull();
    expect(callsTo(calls, 'session.signOut')).toEqual([]);

    await userEvent.setup().click(password);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/sign-in');
    expect(app.router.state.location.search).toEqual({ redirect: '/o/org-beta/s/space-1', org: 'org-beta' });
    expect(callsTo(calls, 'session.signOut')).toEqual([]);
  });

  it("offers the organization's own providers beside the password", async () => {
    openOrganizationOfAnotherProvider('/o/org-beta', [OKTA]);
    await screen.findByRole('alert', { name: TITLE });
    expect(screen.getByRole('link', { name: 'Sign in with your password' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign in with Okta' })).toHaveAttribute(
      'href',
      'http://quire.test/oidc/oidc-1/start?returnTo=%2Fo%2Forg-beta',
    );
  });
});
