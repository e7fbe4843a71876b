/**
 * Who reaches a site: publishing and unpublishing, the visibility, and the share links of a
 * share-link site (made with a name, the URL copied, switched off, deleted, the server's
 * refusal shown); a reader sees the state and changes nothing.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { page } from './support/fixtures';
import { READER_SITE_PERMISSIONS, site, siteHandlers } from './support/site-fixtures';

const LINK = {
  object: 'share-link',
  id: 'link-beta',
  name: 'Beta customers',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  urls: { published: 'http://quire.test/~sites/org-acme/site-docs/?share=secret-1' },
};

function openSharing(overrides: Record<string, (input: unknown) => unknown> = {}) {
  const view = renderApp('/o/org-acme/sites/site-docs', { ...siteHandlers(true), ...overrides });
  return view;
}

const ref = { organizationId: 'org-acme', siteId: 'site-docs' };

describe('sharing a site', () => {
  it('publishes the site, then offers to unpublish it', async () => {
    const user = userEvent.setup();
    let published = false;
    const { calls } = openSharing({
      'sites.get': () =>
        site({
          published,
          urls: {
            ...site().urls,
            ...(published ? { published: 'http://quire.test/~sites/org-acme/site-docs/' } : {}),
          },
        }),
      'sites.publish': () => {
        published = true;
        return site({ published: true });
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Sharing' }));
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    expect(callsTo(calls, 'sites.publish')[0]!.input).toEqual(ref);
    expect(
      screen.getByRole('link', { name: 'http://quire.test/~sites/org-acme/site-docs/' }),
    ).toBeInTheDocument();
  });

  it("changes the visibility, and shows the server's refusal to publish", async () => {
    const user = userEvent.setup();
    const { calls } = openSharing({
      'sites.update': () => site({ visibility: 'unlisted' }),
      'sites.publish': () => {
        throw refusal(403, 'forbidden', 'Publishing a site needs the admin role');
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Sharing' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Visibility' }), 'Unlisted');
    await waitFor(() => expect(callsTo(calls, 'sites.update')).toHaveLength(1));
    expect(callsTo(calls, 'sites.update')[0]!.input).toEqual({ ...ref, visibility: 'unlisted' });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Publishing a site needs the admin role');
  });

  it('makes a share link, copies its URL, switches it off and deletes it', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = openSharing({
      'sites.get': () => site({ visibility: 'share-link' }),
      'sites.shareLinks.list': () => page([LINK]),
      'sites.shareLinks.create': () => LINK,
      'sites.shareLinks.update': () => ({ ...LINK, active: false }),
      'sites.shareLinks.remove': () => null,
    });
    await user.click(await screen.findByRole('tab', { name: 'Sharing' }));
    await user.type(await screen.findByRole('textbox', { name: 'New share link' }), 'Partners ');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(callsTo(calls, 'sites.shareLinks.create')).toHaveLength(1));
    expect(callsTo(calls, 'sites.shareLinks.create')[0]!.input).toEqual({ ...ref, name: 'Partners' });

    const links = screen.getByRole('list', { name: 'Share links' });
    expect(within(links).getByRole('textbox', { name: 'URL of Beta customers' })).toHaveValue(
      LINK.urls.published,
    );
    await user.click(within(links).getByRole('button', { name: 'Copy URL of Beta customers' }));
    expect(writeText).toHaveBeenCalledWith(LINK.urls.published);
    expect(await within(links).findByText('Copied.')).toBeInTheDocument();

    const active = within(links).getByRole('switch', { name: 'Active (Beta customers)' });
    expect(active).toBeChecked();
    await user.click(active);
    await waitFor(() => expect(callsTo(calls, 'sites.shareLinks.update')).toHaveLength(1));
    expect(callsTo(calls, 'sites.shareLinks.update')[0]!.input).toEqual({
      ...ref,
      shareLinkId: 'link-beta',
      active: false,
    });

    await user.click(within(links).getByRole('button', { name: 'Delete Beta customers' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Beta customers?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(calls, 'sites.shareLinks.remove')[0]!.input).toEqual({ ...ref, shareLinkId: 'link-beta' });
  });

  it("shows the server's refusal of a share link's name, and the empty list", async () => {
    const user = userEvent.setup();
    openSharing({
      'sites.get': () => site({ visibility: 'share-link' }),
      'sites.shareLinks.create': () => {
        throw refusal(400, 'invalid_input', 'name: Too big: expected string to have <=50 characters');
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Sharing' }));
    expect(await screen.findByText('No share links yet')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'New share link' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('name: Too big');
  });

  it('shows a reader whether the site is published, with nothing to change', async () => {
    const user = userEvent.setup();
    openSharing({
      'sites.get': () => site({ visibility: 'share-link', permissions: READER_SITE_PERMISSIONS }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Sharing' }));
    expect(await screen.findByText('Not published', { selector: '.publish-row .badge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toBeDisabled();
    expect(screen.queryByRole('list', { name: 'Share links' })).toBeNull();
  });
});
