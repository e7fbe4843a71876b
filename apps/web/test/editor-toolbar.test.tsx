/**
 * The editor toolbar's block and link controls: the language of the code block the cursor is
 * in, hints inserted with a style and restyled, links set and removed in a popover (Enter
 * applies, Escape cancels, an empty address removes), and images inserted by address and alt
 * text. Each ends in a save whose markdown carries the change.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Call, callsTo, renderApp } from './support/fake-server';
import { ACME, page, SESSION } from './support/fixtures';

const CHANGE_REQUEST = { id: 'cr-1', number: 7, subject: 'Edit Getting started', status: 'draft' };

// jsdom lays nothing out: ProseMirror measures ranges to scroll the selection into view.
beforeAll(() => {
  const empty = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => empty as DOMRect;
});

/** Opens the editor on a page of `markdown`, its cursor at the start of the first block. */
async function editPage(markdown: string) {
  const PAGE = { id: 'page-1', title: 'Getting started', path: 'getting-started', pages: [], markdown };
  const { calls } = renderApp('/o/org-acme/s/space-1/getting-started', {
    'session.current': () => SESSION,
    'orgs.get': () => ACME,
    'orgs.list': () => page([ACME]),
    'spaces.get': () => ({
      id: 'space-1',
      title: 'Handbook',
      emoji: '',
      changeRequestsOpen: 0,
      editMode: 'locked',
      revision: 'rev-1',
    }),
    'spaces.content.pages.list': () => ({ pages: [PAGE] }),
    'spaces.content.path.get': () => PAGE,
    // The editor reads the page at the space's revision.
    'spaces.content.page.get': () => PAGE,
    'spaces.comments.list': () => page([]),
    'changeRequests.list': () => page([]),
    'changeRequests.create': () => CHANGE_REQUEST,
    'changeRequests.content.update': () => CHANGE_REQUEST,
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  const content = await screen.findByRole('textbox', { name: 'Content of Getting started' });
  content.focus();
  const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
  return { user, content, toolbar, calls };
}

/** Puts the cursor `offset` characters into the text node `text` (ProseMirror reads the DOM selection). */
function placeCursor(content: HTMLElement, text: string, offset: number) {
  const node = within(content).getByText(text).firstChild;
  if (node === null) throw new Error('No text node ' + text);
  document.getSelection()?.collapse(node, offset);
  document.dispatchEvent(new Event('selectionchange'));
}

async function savedMarkdown(user: ReturnType<typeof userEvent.setup>, calls: Call[]) {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText(/change request #7/);
  const [update] = callsTo(calls, 'changeRequests.content.update');
  if (update === undefined) throw new Error('No save was sent');
  return (update.input as { changes: [{ document: { markdown: string } }] }).changes[0].document.markdown;
}

describe('code block language', () => {
  it('is shown only in a code block, and set and changed there; the saved fence carries it', async () => {
    const { user, content, calls } = await editPage('```\nconst a = 1;\n```\n\nAfter.\n');
    const field = await screen.findByRole('combobox', { name: 'Code language' });
    expect(field).toHaveValue('');
    await user.type(field, 'js');
    expect(field).toHaveValue('js');
    await user.clear(field);
    // Spaces and backticks cannot stand in a fence's info string.
    await user.type(field, 't s`');
    expect(field).toHaveValue('ts');
    await user.keyboard('{Enter}');
    expect(content).toHaveFocus();
    expect(await savedMarkdown(user, calls)).toBe('```ts\nconst a = 1;\n```\n\nAfter.\n');
  });

  it('is not offered outside a code block', async () => {
    await editPage('Text.\n\n```ts\nx\n```\n');
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Code language' })).toBeNull();
  });

  it('shows the language a code block already has', async () => {
    await editPage('```python\nprint(1)\n```\n');
    expect(await screen.findByRole('combobox', { name: 'Code language' })).toHaveValue('python');
  });
});

describe('hints', () => {
  it('inserts a hint of the chosen style from the keyboard, then changes its style', async () => {
    const { user, content, toolbar, calls } = await editPage('Careful.\n');
    expect(screen.queryByRole('radiogroup', { name: 'Hint style' })).toBeNull();
    within(toolbar).getByRole('button', { name: 'Insert hint' }).focus();
    await user.keyboard('{Enter}');
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Info hint',
      'Warning hint',
      'Danger hint',
      'Success hint',
    ]);
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(within(content).getByRole('note', { name: 'warning hint' })).toHaveTextContent('Careful.');
    await waitFor(() => expect(content).toHaveFocus());

    const styles = screen.getByRole('radiogroup', { name: 'Hint style' });
    expect(within(styles).getByRole('radio', { name: 'Warning' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(styles).getByRole('radio', { name: 'Danger' }));
    expect(within(content).getByRole('note', { name: 'danger hint' })).toBeInTheDocument();
    expect(within(styles).getByRole('radio', { name: 'Danger' })).toHaveAttribute('aria-checked', 'true');
    // Pressing the pressed style again keeps it (Radix would otherwise unset the group).
    await user.click(within(styles).getByRole('radio', { name: 'Danger' }));
    expect(within(content).getByRole('note', { name: 'danger hint' })).toBeInTheDocument();

    expect(await savedMarkdown(user, calls)).toBe('{% hint style="danger" %}\n\nCareful.\n\n{% endhint %}\n');
  });

  it('changes the style of a hint the page already has, and can take the text out of it', async () => {
    const { user, content, calls } = await editPage('{% hint style="success" %}\n\nDone.\n\n{% endhint %}\n');
    const styles = await screen.findByRole('radiogroup', { name: 'Hint style' });
    expect(within(styles).getByRole('radio', { name: 'Success' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(styles).getByRole('radio', { name: 'Info' }));
    expect(within(content).getByRole('note', { name: 'info hint' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove hint' }));
    expect(within(content).queryByRole('note')).toBeNull();
    expect(await savedMarkdown(user, calls)).toBe('Done.\n');
  });
});

describe('links', () => {
  it('inserts a link from a popover: a labelled address field that Enter applies', async () => {
    const { user, content, toolbar, calls } = await editPage('Some text.\n');
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    const popover = await screen.findByRole('dialog', { name: 'Link' });
    const address = within(popover).getByRole('textbox', { name: 'Link address' });
    await waitFor(() => expect(address).toHaveFocus());
    await user.keyboard('https://example.com{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Link' })).toBeNull();
    expect(within(content).getByRole('link', { name: 'https://example.com' })).toHaveAttribute(
      'href',
      'https://example.com',
    );
    await waitFor(() => expect(content).toHaveFocus());
    // The server's printer writes a link whose text is its address as an autolink.
    expect(await savedMarkdown(user, calls)).toBe('<https://example.com>Some text.\n');
  });

  it('edits the link the cursor is in, Escape cancelling and an empty address removing it', async () => {
    const { user, content, toolbar, calls } = await editPage('[Docs](https://old.example) here.\n');
    placeCursor(content, 'Docs', 2);
    const button = within(toolbar).getByRole('button', { name: 'Link' });
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));

    await user.click(button);
    const address = within(await screen.findByRole('dialog', { name: 'Link' })).getByRole('textbox', {
      name: 'Link address',
    });
    expect(address).toHaveValue('https://old.example');
    await user.clear(address);
    await user.type(address, 'https://ignored.example');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Link' })).toBeNull();
    expect(button).toHaveFocus();
    expect(within(content).getByRole('link', { name: 'Docs' })).toHaveAttribute(
      'href',
      'https://old.example',
    );

    await user.click(button);
    const again = within(await screen.findByRole('dialog', { name: 'Link' })).getByRole('textbox', {
      name: 'Link address',
    });
    await user.clear(again);
    await user.type(again, 'https://new.example{Enter}');
    expect(within(content).getByRole('link', { name: 'Docs' })).toHaveAttribute(
      'href',
      'https://new.example',
    );

    await user.click(button);
    const last = within(await screen.findByRole('dialog', { name: 'Link' })).getByRole('textbox', {
      name: 'Link address',
    });
    await user.clear(last);
    await user.keyboard('{Enter}');
    expect(within(content).queryByRole('link')).toBeNull();
    expect(await savedMarkdown(user, calls)).toBe('Docs here.\n');
  });

  it('no longer asks with window.prompt', async () => {
    const prompt = window.prompt;
    window.prompt = () => {
      throw new Error('window.prompt was called');
    };
    try {
      const { user, toolbar } = await editPage('Text.\n');
      await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
      expect(await screen.findByRole('dialog', { name: 'Link' })).toBeInTheDocument();
    } finally {
      window.prompt = prompt;
    }
  });
});

describe('images', () => {
  it('inserts an image by address and alt text from a popover', async () => {
    const { user, content, toolbar, calls } = await editPage('Text.\n');
    await user.click(within(toolbar).getByRole('button', { name: 'Insert image' }));
    const popover = await screen.findByRole('dialog', { name: 'Insert image' });
    await user.type(
      within(popover).getByRole('textbox', { name: 'Image address' }),
      'https://example.com/logo.png',
    );
    await user.type(within(popover).getByRole('textbox', { name: 'Alt text' }), 'The logo{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Insert image' })).toBeNull();
    expect(within(content).getByRole('img', { name: 'The logo' })).toHaveAttribute(
      'src',
      'https://example.com/logo.png',
    );
    expect(await savedMarkdown(user, calls)).toBe('![The logo](https://example.com/logo.png)Text.\n');
  });

  it('inserts nothing when cancelled or without an address', async () => {
    const { user, content, toolbar } = await editPage('Text.\n');
    const button = within(toolbar).getByRole('button', { name: 'Insert image' });
    await user.click(button);
    await user.type(
      within(await screen.findByRole('dialog', { name: 'Insert image' })).getByRole('textbox', {
        name: 'Alt text',
      }),
      'no address{Enter}',
    );
    expect(screen.queryByRole('dialog', { name: 'Insert image' })).toBeNull();
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Insert image' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Insert image' })).toBeNull();
    expect(content.querySelector('img')).toBeNull();
  });
});
