/**
 * An organization's settings: each field checked before anything is sent (the field says
 * what is wrong), only the fields changed sent, the server's refusal shown; email domains
 * added and removed as a whole list; invite links and SSO enforcement switched; someone who
 * is not an admin is told so and offered no control.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { hostnameProblem, logoProblem, titleProblem } from '../src/organization-settings/settings-validation';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { page, SESSION } from './support/fixtures';

const ORGANIZATION = {
  object: 'organization',
  id: 'org-acme',
  title: 'Acme',
  emailDomains: ['acme.test'],
  hostname: 'acme',
  defaultRole: 'read',
  sso: false,
  inviteLinks: false,
  urls: { app: 'http://quire.test/o/org-acme', location: 'http://quire.test/v1/orgs/org-acme' },
  permissions: { admin: true, view: true },
};

const PROVIDER = {
  object: 'saml-provider',
  id: 'saml-1',
  label: 'Okta',
  defaultRole: 'edit',
  status: 'active',
  service: {
    acsURL: 'http://quire.test/saml/saml-1/acs',
    startURL: 'http://quire.test/saml/saml-1/start',
    entityID: 'http://quire.test/saml/saml-1/metadata',
  },
};

function openSettings(admin: boolean, overrides: Record<string, (input: unknown) => unknown> = {}) {
  const organization = { ...ORGANIZATION, permissions: { admin, view: true } };
  return renderApp('/o/org-acme/settings', {
    'session.current': () => SESSION,
    'orgs.list': () => page([organization]),
    'orgs.get': () => organization,
    'orgs.saml.list': () => page([PROVIDER]),
    'orgs.update': (input) => ({ ...organization, ...(input as object) }),
    // The screen's webhooks and audit log sections (admins'), empty here.
    'orgs.webhooks.list': () => page([]),
    'orgs.auditEvents.list': () => page([]),
    'orgs.auditEventActions.list': () => ({ items: [] }),
    ...overrides,
  });
}

describe('the limits the settings check', () => {
  it('holds the server’s limits', () => {
    expect(titleProblem(' A ')).toMatch(/at least 2/);
    expect(titleProblem('x'.repeat(256))).toMatch(/at most 255/);
    expect(titleProblem('Acme')).toBeNull();
    expect(hostnameProblem('', true)).toMatch(/not removed/);
    expect(hostnameProblem('', false)).toBeNull();
    expect(hostnameProblem('-acme', false)).toMatch(/hyphen/);
    expect(hostnameProblem('ab', false)).toMatch(/3 to 32/);
    expect(hostnameProblem('Docs-2', false)).toBeNull();
    expect(logoProblem('')).toBeNull();
    expect(logoProblem('javascript:alert(1)')).toMatch(/https/);
    expect(logoProblem('logo.png')).toMatch(/Not an address/);
    expect(logoProblem('https://example.test/logo.png')).toBeNull();
  });
});

describe("an organization's settings", () => {
  it('names each wrong field and sends nothing, then sends only what changed', async () => {
    const user = userEvent.setup();
    const { calls } = openSettings(true);
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'A');
    const hostname = screen.getByRole('textbox', { name: 'Hostname' });
    await user.clear(hostname);
    await user.type(hostname, 'acme-');
    await user.type(screen.getByRole('textbox', { name: 'Logo' }), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(title).toHaveAccessibleDescription('The title needs at least 2 characters.');
    expect(hostname).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Logo' })).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'orgs.update')).toEqual([]);

    await user.clear(title);
    await user.type(title, '  Acme Docs ');
    await user.clear(hostname);
    await user.type(hostname, 'acme');
    await user.clear(screen.getByRole('textbox', { name: 'Logo' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of people who join' }), 'Guest');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(callsTo(calls, 'orgs.update').map((call) => call.input)).toEqual([
      { organizationId: 'org-acme', title: 'Acme Docs', defaultRole: null },
    ]);
    expect(await screen.findByRole('heading', { name: 'Settings of Acme Docs' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a hostname", async () => {
    const user = userEvent.setup();
    openSettings(true, {
      'orgs.update': () => {
        throw refusal(409, 'conflict', 'The hostname "docs" is taken');
      },
    });
    const hostname = await screen.findByRole('textbox', { name: 'Hostname' });
    await user.clear(hostname);
    await user.type(hostname, 'docs');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The hostname "docs" is taken');
  });

  it('adds a domain to the list after checking it, and removes one', async () => {
    const user = userEvent.setup();
    const { calls } = openSettings(true);
    const domain = await screen.findByRole('textbox', { name: 'Domain to add' });
    await user.type(domain, 'not a domain');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(domain).toHaveAccessibleDescription('not a domain is not a domain name (e.g. example.com).');
    await user.clear(domain);
    await user.type(domain, 'ACME.test');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(domain).toHaveAccessibleDescription('acme.test is already in the list.');
    expect(callsTo(calls, 'orgs.update')).toEqual([]);

    await user.clear(domain);
    await user.type(domain, '@Example.test');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    const list = await screen.findByRole('list', { name: 'Email domains' });
    await within(list).findByText('example.test');
    await user.click(within(list).getByRole('button', { name: 'Remove acme.test' }));
    await waitFor(() => expect(callsTo(calls, 'orgs.update')).toHaveLength(2));
    expect(callsTo(calls, 'orgs.update').map((call) => call.input)).toEqual([
      { organizationId: 'org-acme', emailDomains: ['acme.test', 'example.test'] },
      { organizationId: 'org-acme', emailDomains: ['example.test'] },
    ]);
  });

  it('turns invite links on and enforces single sign-on, listing the providers', async () => {
    const user = userEvent.setup();
    const { calls } = openSettings(true);
    const providers = await screen.findByRole('list', { name: 'Identity providers' });
    expect(providers).toHaveTextContent('Okta');
    expect(providers).toHaveTextContent('http://quire.test/saml/saml-1/acs');
    await user.click(screen.getByRole('switch', { name: 'Allow invite links' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Allow invite links' })).toBeChecked());
    await user.click(screen.getByRole('switch', { name: 'Require single sign-on' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Require single sign-on' })).toBeChecked());
    expect(callsTo(calls, 'orgs.update').map((call) => call.input)).toEqual([
      { organizationId: 'org-acme', inviteLinks: true },
      { organizationId: 'org-acme', sso: true },
    ]);
  });

  it('tells someone who is not an admin, and offers no control', async () => {
    const { calls } = openSettings(false);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins change these settings');
    // The settings' own page: the top bar (its Ask box) is not a setting.
    const settings = within(document.querySelector<HTMLElement>('main.page-main') ?? document.body);
    expect(settings.queryByRole('textbox')).toBeNull();
    expect(settings.queryByRole('switch')).toBeNull();
    expect(callsTo(calls, 'orgs.saml.list')).toEqual([]);
  });
});
