/**
 * A site's settings (only the fields changed are sent; an emptied proxy is removed with null)
 * and its adaptive content: the claims edited as rows, checked as they change (Save disabled
 * while they do not make a valid schema), saved as the JSON Schema, and the ready-made
 * conditions; a reader sees both and changes neither.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { ADAPTIVE_SCHEMA, READER_SITE_PERMISSIONS, site, siteHandlers } from './support/site-fixtures';

const ref = { organizationId: 'org-acme', siteId: 'site-docs' };

function openSite(overrides: Record<string, (input: unknown) => unknown> = {}) {
  return renderApp('/o/org-acme/sites/site-docs', { ...siteHandlers(true), ...overrides });
}

describe('the settings of a site', () => {
  it('sends only what changed, and removes the proxy with null', async () => {
    const user = userEvent.setup();
    const { calls } = openSite({
      'sites.get': () =>
        site({
          basename: 'docs',
          proxy: { origin: 'example.com/docs', target: 'http://quire.test/~sites/x/' },
        }),
      'sites.update': () => site(),
    });
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Handbook');
    await user.clear(screen.getByRole('textbox', { name: 'Proxy' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'AI agents' }), 'excluded');
    await user.click(screen.getByRole('checkbox', { name: /Adaptive content/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(callsTo(calls, 'sites.update')).toHaveLength(1));
    expect(callsTo(calls, 'sites.update')[0]!.input).toEqual({
      ...ref,
      title: 'Handbook',
      proxy: null,
      agentsContext: 'excluded',
      adaptiveContent: { enabled: false },
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it("shows the server's refusal of a proxy", async () => {
    const user = userEvent.setup();
    openSite({
      'sites.update': () => {
        throw refusal(400, 'invalid_input', 'proxy: a domain followed by a path, e.g. example.com/docs');
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    await user.type(await screen.findByRole('textbox', { name: 'Proxy' }), 'not a proxy');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('proxy: a domain followed by a path');
  });

  it('shows a reader the settings, disabled', async () => {
    const user = userEvent.setup();
    openSite({ 'sites.get': () => site({ permissions: READER_SITE_PERMISSIONS }) });
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    expect(await screen.findByRole('textbox', { name: 'Title' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
  });
});

describe('the adaptive content of a site', () => {
  it('edits the claims as rows and saves the schema they make', async () => {
    const user = userEvent.setup();
    const { calls } = openSite({ 'sites.adaptiveSchema.put': () => ADAPTIVE_SCHEMA });
    await user.click(await screen.findByRole('tab', { name: 'Adaptive content' }));
    expect(await screen.findByRole('textbox', { name: 'Name of claim 1' })).toHaveValue('isAdmin');
    expect(screen.getByRole('combobox', { name: 'Kind of claim 2' })).toHaveValue('unsigned');
    await user.click(screen.getByRole('button', { name: 'Add claim' }));
    const save = screen.getByRole('button', { name: 'Save schema' });
    expect(
      within(screen.getByRole('list', { name: 'Problems of the schema' })).getByText(
        'Every claim needs a name.',
      ),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Name of claim 3' }), '9lives');
    expect(screen.getByRole('list', { name: 'Problems of the schema' })).toHaveTextContent(
      "'9lives' does not",
    );
    await user.clear(screen.getByRole('textbox', { name: 'Name of claim 3' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of claim 3' }), 'enterprise');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of claim 3' }), 'Signed');
    await user.type(
      screen.getByRole('textbox', { name: 'Description of claim 3' }),
      'On the enterprise plan',
    );
    expect(screen.queryByRole('list', { name: 'Problems of the schema' })).toBeNull();
    await user.click(save);
    await waitFor(() => expect(callsTo(calls, 'sites.adaptiveSchema.put')).toHaveLength(1));
    expect(callsTo(calls, 'sites.adaptiveSchema.put')[0]!.input).toEqual({
      ...ref,
      jsonSchema: {
        type: 'object',
        properties: {
          isAdmin: { type: 'boolean', description: 'Signed in as an admin' },
          enterprise: { type: 'boolean', description: 'On the enterprise plan' },
          unsigned: {
            type: 'object',
            properties: { betaUser: { type: 'boolean', description: 'Joined the beta' } },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    });
  });

  it('lists the ready-made conditions', async () => {
    const user = userEvent.setup();
    openSite();
    await user.click(await screen.findByRole('tab', { name: 'Adaptive content' }));
    const list = await screen.findByRole('list', { name: 'Ready-made conditions' });
    expect(list).toHaveTextContent('Visitors in the beta');
    expect(list).toHaveTextContent('visitor.claims.unsigned.betaUser == true');
  });

  it("shows the server's refusal, and a reader the claims with nothing to change", async () => {
    const user = userEvent.setup();
    const admin = openSite({
      'sites.adaptiveSchema.put': () => {
        throw refusal(403, 'forbidden', 'Editing the adaptive schema needs the admin role');
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Adaptive content' }));
    await user.click(await screen.findByRole('button', { name: 'Save schema' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Editing the adaptive schema needs the admin role',
    );
    admin.unmount();

    openSite({ 'sites.get': () => site({ permissions: READER_SITE_PERMISSIONS }) });
    await user.click(await screen.findByRole('tab', { name: 'Adaptive content' }));
    expect(await screen.findByRole('textbox', { name: 'Name of claim 1' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save schema' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add claim' })).toBeNull();
  });
});
