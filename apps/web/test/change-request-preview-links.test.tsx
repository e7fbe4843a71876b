/**
 * A change request's preview links (issue 29's known gap): the preview is framed by a site
 * showing the space, so with several the member chooses (one link per site `sites.list` shows
 * them for the space, each naming its site in its address); one site, one "Preview" of that
 * site; none (or before the list is read), one "Preview" framed by the server's choice.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTrpc, TRPCProvider } from '../src/api/trpc';
import { PreviewLinks, previewHref } from '../src/change-requests/preview-links';
import { type Call, fakeLinks } from './support/fake-server';

function renderLinks(sites: Array<{ id: string; title: string }>, calls: Call[] = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { client } = createTrpc(
    queryClient,
    fakeLinks({ 'sites.list': () => ({ items: sites, count: sites.length }) }, calls),
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        <PreviewLinks organizationId="org-acme" spaceId="space-1" number={7} pagePath="guides/install" />
      </TRPCProvider>
    </QueryClientProvider>,
  );
}

describe("a change request's preview links", () => {
  it('names the chosen site in the address, or none', () => {
    expect(previewHref('space-1', 7, '')).toBe('/~preview/space-1/7/');
    expect(previewHref('space-1', 7, 'guides/install', 'site-b')).toBe(
      '/~preview/space-1/7/~site/site-b/guides/install',
    );
  });

  it("offers one link per site showing the space, asking only for the space's sites", async () => {
    const calls: Call[] = [];
    renderLinks(
      [
        { id: 'site-a', title: 'Handbook' },
        { id: 'site-b', title: 'Partner portal' },
      ],
      calls,
    );
    const partner = await screen.findByRole('link', { name: 'Preview on Partner portal' });
    expect(partner).toHaveAttribute('href', '/~preview/space-1/7/~site/site-b/guides/install');
    expect(partner).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Preview on Handbook' })).toHaveAttribute(
      'href',
      '/~preview/space-1/7/~site/site-a/guides/install',
    );
    expect(screen.queryByRole('link', { name: 'Preview' })).toBeNull();
    expect(calls.find((call) => call.path === 'sites.list')?.input).toEqual({
      organizationId: 'org-acme',
      space: 'space-1',
      limit: 100,
    });
  });

  it('offers one "Preview" for one site, and for none', async () => {
    const one = renderLinks([{ id: 'site-a', title: 'Handbook' }]);
    // Before the list is read: the server's choice; then the one site.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute(
        'href',
        '/~preview/space-1/7/~site/site-a/guides/install',
      ),
    );
    one.unmount();
    renderLinks([]);
    expect(await screen.findByRole('link', { name: 'Preview' })).toHaveAttribute(
      'href',
      '/~preview/space-1/7/guides/install',
    );
  });
});
