/**
 * The read view in the app (`content/app-rendering.tsx`): a page's references lead to the
 * app's addresses of the pages and the files' downloads, named by their titles and names, and
 * a reusable content block shows the reusable content's document, read through the API at the
 * change request being read.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTrpc, TRPCProvider } from '../src/api/trpc';
import { AppDocument, AppRenderingProvider } from '../src/content/app-rendering';
import { Markdown } from '../src/content/markdown';
import { paragraph } from './support/every-block-document';
import { type Call, fakeLinks, type Handler } from './support/fake-server';

const HANDLERS: Record<string, Handler> = {
  'spaces.content.pages.list': () => ({
    pages: [
      {
        id: 'p1',
        title: 'Guides',
        path: 'guides',
        pages: [{ id: 'p2', title: 'Install', path: 'guides/install', emoji: '🚀', pages: [] }],
      },
    ],
  }),
  'spaces.content.files.list': () => ({
    items: [
      { id: 'f1', name: 'guide.pdf', contentType: 'application/pdf', size: 2048, downloadURL: '/dl/f1' },
    ],
    count: 1,
  }),
  'spaces.content.reusableContents.document': (input) =>
    (input as { reusableContentId: string }).reusableContentId === 'rc1'
      ? { object: 'document', data: {}, nodes: [paragraph('Reused words.')] }
      : Promise.reject(new Error('not found')),
};

function renderIn(node: React.ReactNode, changeRequestId?: string) {
  const calls: Call[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { client } = createTrpc(queryClient, fakeLinks(HANDLERS, calls));
  render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        <AppRenderingProvider organizationId="org" spaceId="sp" changeRequestId={changeRequestId}>
          {node}
        </AppRenderingProvider>
      </TRPCProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('the read view in the app', () => {
  it('leads page links to the page’s address in the app and file links to the download', async () => {
    renderIn(<Markdown text={'See [the install](/pages/p2#ports) and [the guide](/files/f1).\n'} anchors />);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'the install' })).toHaveAttribute(
        'href',
        '/o/org/s/sp/guides/install#ports',
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'the guide' })).toHaveAttribute('href', '/dl/f1'),
    );
  });

  it('names the page of a content reference and the file of a file block', async () => {
    renderIn(
      <AppDocument
        document={{
          object: 'document',
          nodes: [
            { object: 'block', type: 'content-ref', data: { ref: { kind: 'page', page: 'p2' } } },
            { object: 'block', type: 'file', data: { ref: { kind: 'file', file: 'f1' } } },
          ],
        }}
      />,
    );
    expect(await screen.findByRole('link', { name: /Install/ })).toHaveAttribute(
      'href',
      '/o/org/s/sp/guides/install',
    );
    expect(await screen.findByRole('link', { name: /guide\.pdf/ })).toHaveTextContent(
      'application/pdf · 2.0 KB',
    );
  });

  it('renders a reusable content in place, read at the change request being read', async () => {
    const block = {
      object: 'block' as const,
      type: 'reusable-content',
      data: { ref: { kind: 'reusable-content', reusableContent: 'rc1' } },
    };
    const calls = renderIn(<AppDocument document={{ object: 'document', nodes: [block] }} />, 'cr1');
    expect(await screen.findByText('Reused words.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'spaces.content.reusableContents.document')?.input).toEqual({
      spaceId: 'sp',
      reusableContentId: 'rc1',
      changeRequestId: 'cr1',
    });
  });

  it('says so when a reusable content cannot be read', async () => {
    const block = {
      object: 'block' as const,
      type: 'reusable-content',
      data: { ref: { kind: 'reusable-content', reusableContent: 'gone' } },
    };
    renderIn(<AppDocument document={{ object: 'document', nodes: [block] }} />);
    expect(await screen.findByText(/cannot be shown/)).toBeInTheDocument();
  });
});

describe('a page’s text shown beside another', () => {
  it('renders its GitBook blocks, without anchors', () => {
    render(<Markdown text={'## Ports\n\n{% hint style="info" %}\nA hint.\n{% endhint %}\n'} page />);
    expect(screen.getByRole('note', { name: 'Info hint' })).toHaveTextContent('A hint.');
    expect(screen.getByRole('heading', { name: 'Ports' })).not.toHaveAttribute('id');
  });
});
