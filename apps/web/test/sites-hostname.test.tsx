/**
 * A site's custom hostname in its settings: set through `customHostnames.set` (lower-cased,
 * the settings left alone when nothing else changed), removed through `customHostnames.remove`
 * when emptied, and the server's refusal (a hostname taken) shown.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { site, siteHandlers } from './support/site-fixtures';

function openSettings(overrides: Record<string, (input: unknown) => unknown> = {}) {
  return renderApp('/o/org-acme/sites/site-docs', { ...siteHandlers(true), ...overrides });
}

const HOSTNAME = {
  object: 'custom-hostname',
  hostname: 'docs.acme.com',
  target: { type: 'site', site: 'site-docs' },
  isActive: true,
  urls: { location: 'http://quire.test/v1/custom-hostnames/docs.acme.com' },
};

describe("a site's custom hostname", () => {
  it('is set through its own operation, lower-cased', async () => {
    const user = userEvent.setup();
    const { calls } = openSettings({ 'customHostnames.set': () => HOSTNAME });
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    await user.type(await screen.findByRole('textbox', { name: 'Custom hostname' }), 'Docs.Acme.com');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(callsTo(calls, 'customHostnames.set')).toHaveLength(1));
    expect(callsTo(calls, 'customHostnames.set')[0]!.input).toEqual({
      hostname: 'docs.acme.com',
      target: { type: 'site', site: 'site-docs' },
    });
    expect(callsTo(calls, 'sites.update')).toHaveLength(0);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('is removed when emptied', async () => {
    const user = userEvent.setup();
    const { calls } = openSettings({
      'sites.get': () => site({ hostname: 'docs.acme.com' }),
      'customHostnames.remove': () => ({ removed: true }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const field = await screen.findByRole('textbox', { name: 'Custom hostname' });
    expect(field).toHaveValue('docs.acme.com');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(callsTo(calls, 'customHostnames.remove')).toHaveLength(1));
    expect(callsTo(calls, 'customHostnames.remove')[0]!.input).toEqual({ hostname: 'docs.acme.com' });
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    openSettings({
      'customHostnames.set': () => {
        throw refusal(409, 'conflict', 'This hostname is already used by another site or organization');
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    await user.type(await screen.findByRole('textbox', { name: 'Custom hostname' }), 'docs.taken.com');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already used by another site');
  });
});
