/**
 * The emoji and mention pickers (`insert-picker.tsx`), opened from the slash menu: the emoji
 * found by name is inserted as GitBook's inline emoji, saved as its shortcode and read back as
 * the emoji; a page of the space is mentioned (saved as GitBook's mention link, read back as a
 * mention); a member is mentioned as GitBook's mention of a user (saved as Git Sync writes it);
 * Escape closes a picker, the text as it was.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Editor } from '@tiptap/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTrpc, TRPCProvider } from '../src/api/trpc';
import { editorToMarkdown, markdownToEditor } from '../src/editor/editor-content';
import { matchingEmoji } from '../src/editor/emoji-list';
import { editorExtensions, editorSchema } from '../src/editor/extensions';
import { INSERT_ITEMS, insertItem } from '../src/editor/insert-items';
import { InsertPicker } from '../src/editor/insert-picker';
import { fakeLinks, type Handler } from './support/fake-server';

beforeAll(() => {
  const empty = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => empty as DOMRect;
});

const HANDLERS: Record<string, Handler> = {
  'orgs.members.list': () => ({
    items: [
      { id: 'u1', role: 'admin', user: { id: 'u1', displayName: 'Ada Lovelace', email: 'ada@example.com' } },
      {
        id: 'u2',
        role: 'editor',
        user: { id: 'u2', displayName: 'Grace Hopper', email: 'grace@example.com' },
      },
    ],
    count: 2,
  }),
  'spaces.content.pages.list': () => ({
    pages: [
      {
        id: 'p1',
        title: 'Guides',
        path: 'guides',
        pages: [{ id: 'p2', title: 'Install', path: 'guides/install', pages: [] }],
      },
    ],
  }),
};

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function open(kind: 'emoji' | 'mention') {
  editor = new Editor({
    element: document.createElement('div'),
    extensions: editorExtensions,
    content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello ' }] }] },
  });
  editor.commands.setTextSelection(editor.state.doc.content.size - 1);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { client } = createTrpc(queryClient, fakeLinks(HANDLERS, []));
  const current = editor;
  render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        <InsertPicker editor={current} organizationId="org" spaceId="sp" />
      </TRPCProvider>
    </QueryClientProvider>,
  );
  const item = INSERT_ITEMS.find((candidate) => candidate.id === kind);
  if (!item) throw new Error('no item ' + kind);
  act(() => {
    insertItem(current, item);
  });
  return current;
}

describe('the emoji picker', () => {
  it('finds an emoji by name and inserts GitBook’s emoji, saved as its shortcode', async () => {
    const current = open('emoji');
    const search = await screen.findByRole('combobox', { name: 'Search emoji' });
    expect(search).toHaveFocus();
    fireEvent.change(search, { target: { value: 'tada' } });
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('🎉');
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const markdown = editorToMarkdown(current.getJSON());
    expect(markdown).toBe('Hello :tada:\n');
    const reread = JSON.stringify(markdownToEditor(markdown, editorSchema));
    expect(reread).toContain('"type":"emoji"');
    expect(reread).toContain('"code":"1f389"');
  });

  it('chooses with the arrows, and Escape closes it leaving the text as it was', async () => {
    const current = open('emoji');
    const search = await screen.findByRole('combobox', { name: 'Search emoji' });
    fireEvent.change(search, { target: { value: 'heart' } });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(editorToMarkdown(current.getJSON())).toBe('Hello&#x20;\n');
  });

  it('matches names and words, a leading colon too', () => {
    expect(matchingEmoji(':rock').map((choice) => choice.name)).toEqual(['rocket']);
    expect(matchingEmoji('thumbsup').map((choice) => choice.name)).toEqual(['+1']);
    expect(matchingEmoji('no such emoji')).toEqual([]);
  });
});

describe('the mention picker', () => {
  it('mentions a page of the space, saved as GitBook’s mention and read back as one', async () => {
    const current = open('mention');
    const search = await screen.findByRole('combobox', { name: 'Search people and pages' });
    fireEvent.change(search, { target: { value: 'install' } });
    const option = await screen.findByRole('option', { name: /Install/ });
    fireEvent.mouseDown(option);
    const markdown = editorToMarkdown(current.getJSON());
    expect(markdown).toBe('Hello [/pages/p2](/pages/p2 "mention")\n');
    expect(JSON.stringify(markdownToEditor(markdown, editorSchema))).toContain('"type":"mention"');
  });

  it('mentions a member of the organization, saved as GitBook’s user mention and read back as one', async () => {
    const current = open('mention');
    const search = await screen.findByRole('combobox', { name: 'Search people and pages' });
    fireEvent.change(search, { target: { value: 'grace' } });
    const option = await screen.findByRole('option', { name: /@Grace Hopper/ });
    expect(option).toHaveTextContent('Member');
    expect(option).not.toHaveTextContent('inserted as text');
    fireEvent.mouseDown(option);
    expect(current.getJSON().content?.[0]?.content?.[1]).toEqual({
      type: 'mention',
      attrs: { data: { ref: { kind: 'user', user: 'u2' } } },
    });
    const markdown = editorToMarkdown(current.getJSON());
    expect(markdown).toBe('Hello [Grace Hopper](https://app.gitbook.com/u/u2 "mention")\n');
    expect(markdownToEditor(markdown, editorSchema).content?.[0]?.content?.[1]).toEqual({
      type: 'mention',
      attrs: { data: { ref: { kind: 'user', user: 'u2' } } },
    });
  });
});
