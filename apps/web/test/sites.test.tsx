/**
 * The sites of an organization: the list (title, visibility, published, site spaces), its
 * empty and error states, and making a site with a visibility and spaces (the new one opens);
 * someone who is not an admin makes none.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { page } from './support/fixtures';
import { site, siteHandlers } from './support/site-fixtures';

const openSites = (admin: boolean, overrides: Record<string, (input: unknown) => unknown> = {}) =>
  renderApp('/o/org-acme/sites', { ...siteHandlers(admin), ...overrides });

describe('the sites of an organization', () => {
  it('lists each site with its visibility, whether it is published and its site spaces', async () => {
    openSites(true, {
      'sites.list': () =>
        page([
          site(),
          site({
            id: 'site-beta',
            title: 'Beta docs',
            visibility: 'share-link',
            published: true,
            siteSpaces: 1,
          }),
        ]),
    });
    const list = await screen.findByRole('list', { name: 'Sites' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Public docs');
    expect(first).toHaveTextContent('2 site spaces');
    expect(first).toHaveTextContent('Public');
    expect(first).toHaveTextContent('Not published');
    expect(second).toHaveTextContent('1 site space');
    expect(second).toHaveTextContent('Share links');
    expect(within(second!).getByText('Published')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Beta docs' })).toHaveAttribute(
      'href',
      '/o/org-acme/sites/site-beta',
    );
    expect(screen.getByRole('link', { name: 'Sites' })).toHaveAttribute('href', '/o/org-acme/sites');
  });

  it('says there is none yet, and says why the list could not load', async () => {
    const empty = openSites(true, { 'sites.list': () => page([]) });
    expect(await screen.findByText('No sites yet')).toBeInTheDocument();
    empty.unmount();
    openSites(true, {
      'sites.list': () => {
        throw refusal(503, 'unavailable', 'The store is not ready');
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The store is not ready');
  });

  it('makes a site with a visibility and two spaces, then opens it', async () => {
    const user = userEvent.setup();
    const { calls, app } = openSites(true, {
      'sites.create': () => site({ id: 'site-new', title: 'Handbook' }),
    });
    await user.click(await screen.findByRole('button', { name: 'New site' }));
    const dialog = await screen.findByRole('dialog', { name: 'New site' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), ' Handbook ');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Visibility' }), 'Unlisted');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Guide' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'API' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/o/org-acme/sites/site-new'));
    expect(callsTo(calls, 'sites.create')[0]!.input).toEqual({
      organizationId: 'org-acme',
      title: 'Handbook',
      visibility: 'unlisted',
      spaces: ['space-guide', 'space-api'],
    });
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const user = userEvent.setup();
    openSites(true, {
      'sites.create': () => {
        throw refusal(400, 'invalid_input', 'title: Too small: expected string to have >=2 characters');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New site' }));
    const dialog = await screen.findByRole('dialog', { name: 'New site' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'H');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('title: Too small');
  });

  it('offers no New site to someone who is not an admin', async () => {
    openSites(false);
    await screen.findByRole('list', { name: 'Sites' });
    expect(screen.queryByRole('button', { name: 'New site' })).toBeNull();
  });
});
