/**
 * A site's "Visit" (issue 29, item 8): a published site's screen links its published address
 * (Quire's reader) in a new tab; not before it is published, nor for a share-link site (read
 * only through one of its links).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support/fake-server';
import { site, siteHandlers } from './support/site-fixtures';

const PUBLISHED = 'http://quire.test/~sites/org-acme/docs/';

function openSite(overrides: Record<string, unknown>) {
  return renderApp('/o/org-acme/sites/site-docs', {
    ...siteHandlers(true),
    'sites.get': () => site({ ...overrides, urls: { ...site().urls, published: PUBLISHED } }),
  });
}

describe("a site's Visit link", () => {
  it('opens the published site in the reader, in a new tab', async () => {
    openSite({ published: true });
    const visit = await screen.findByRole('link', { name: /^Visit/ });
    expect(visit).toHaveAttribute('href', PUBLISHED);
    expect(visit).toHaveAttribute('target', '_blank');
    expect(visit).toHaveAccessibleName('Visit the published site (opens a new tab)');
  });

  it('is not there before the site is published, nor for a share-link site', async () => {
    const unpublished = openSite({ published: false });
    await screen.findByRole('heading', { name: 'Public docs' });
    expect(screen.queryByRole('link', { name: /^Visit/ })).toBeNull();
    unpublished.unmount();
    openSite({ published: true, visibility: 'share-link' });
    await screen.findByRole('heading', { name: 'Public docs' });
    expect(screen.queryByRole('link', { name: /^Visit/ })).toBeNull();
  });
});
