/**
 * The read view renders what the editor writes (issue 25, item 14): every construct of the
 * editor (`support/editor-constructs.ts`), as the editor saves it, shows as its element and
 * never as its markdown source; GitBook's hints are boxes in their style, announced as notes,
 * at the top level and inside lists and quotes; an image inserted by URL is an <img> of that URL.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { normalizeMarkdown } from '../../../packages/documents/src/index';
import { Markdown } from '../src/content/markdown';
import { editorToMarkdown, markdownToEditor } from '../src/editor/editor-content';
import { editorSchema } from '../src/editor/extensions';
import { EDITOR_CONSTRUCTS } from './support/editor-constructs';

/** A page as the editor saves it: every construct, loaded and written back. */
const SAVED = editorToMarkdown(
  markdownToEditor(normalizeMarkdown(Object.values(EDITOR_CONSTRUCTS).join('\n')), editorSchema),
);

const view = (text: string) => render(<Markdown text={text} anchors />).container;

describe('the read view of what the editor writes', () => {
  it('shows no markdown syntax of any block: no hint tag, fence, table rule or image source as text', () => {
    const container = view(SAVED);
    const text = container.textContent ?? '';
    for (const syntax of ['{%', 'endhint', '```', '| -', '![', '](', '***', '> '])
      expect(text, `"${syntax}" shown as text`).not.toContain(syntax);
  });

  it('renders each hint style as a box of that style, announced as a note, with its blocks inside', () => {
    view(SAVED);
    const names = {
      info: 'Info hint',
      warning: 'Warning hint',
      danger: 'Danger hint',
      success: 'Success hint',
    };
    for (const [style, name] of Object.entries(names)) {
      const hints = screen.getAllByRole('note', { name });
      expect(hints.length).toBeGreaterThan(0);
      for (const hint of hints) expect(hint).toHaveClass('hint', `hint-${style}`);
    }
    const warning = screen.getAllByRole('note', { name: 'Warning hint' })[0]!;
    expect(within(warning).getByText('now', { selector: 'strong' })).toBeInTheDocument();
    const danger = screen.getByRole('note', { name: 'Danger hint' });
    expect(
      within(danger)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['one', 'two']);
    const success = screen.getByRole('note', { name: 'Success hint' });
    expect(within(success).getByRole('link', { name: 'linked' })).toHaveAttribute('href', 'https://x.io');
  });

  it('renders hints nested in a list and in a quote, in GitBook’s tight form too', () => {
    view(
      '- item\n\n  {% hint style="danger" %}\n\n  In a list.\n\n  {% endhint %}\n\n> {% hint style="success" %}\n> In a quote.\n> {% endhint %}\n',
    );
    expect(screen.getByRole('note', { name: 'Danger hint' })).toHaveTextContent('In a list.');
    expect(screen.getByRole('note', { name: 'Success hint' })).toHaveTextContent('In a quote.');
  });

  it('renders headings, marks, lists, task lists, code with its language, tables, quotes, dividers, links and images', () => {
    const container = view(SAVED);
    for (const [level, name] of [
      [1, 'One'],
      [2, 'Two'],
      [3, 'Three'],
    ] as const)
      expect(screen.getByRole('heading', { level, name })).toBeInTheDocument();
    expect(screen.getByText('struck', { selector: 'del' })).toBeInTheDocument();
    expect(screen.getByText('italic', { selector: 'em' })).toBeInTheDocument();
    expect(container.querySelector('ol[start="3"]')).not.toBeNull();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([false, true, false]);
    expect(container.querySelector('pre code.language-ts')?.textContent).toBe(
      'const a = 1;\n\nconst b = 2;\n',
    );
    expect(container.querySelector('pre code.language-bash')?.textContent).toBe('npm run build\n');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['A', 'B', 'C']);
    expect(within(table).getByRole('link', { name: 'x' })).toHaveAttribute('href', 'https://x.io');
    expect(container.querySelector('blockquote blockquote')).toHaveTextContent('nested');
    expect(container.querySelector('hr')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'link' })).toHaveAttribute('href', 'https://example.com/a?b=c');
    expect(screen.getByRole('img', { name: 'alt text' })).toHaveAttribute('src', 'https://example.com/a.png');
    expect(screen.getByRole('img', { name: 'alt text' })).toHaveAttribute('title', 'A caption');
    expect(screen.getByRole('img', { name: 'icon' })).toHaveAttribute('src', 'https://example.com/i.png');
  });

  it('leaves text that only reads like a hint tag as text', () => {
    view('\\{% hint style="info" %}\n\nNot a hint.\n');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByText('{% hint style="info" %}')).toBeInTheDocument();
  });

  it("shows a mention of a person by the name the page's text gives them, else @user, never the id", () => {
    const container = view(
      'Ask [Grace *Hopper*](https://app.gitbook.com/u/u-grace "mention") or ' +
        '[https://app.gitbook.com/u/u-nameless](https://app.gitbook.com/u/u-nameless "mention").\n',
    );
    expect(screen.getByText('@Grace Hopper')).toHaveClass('doc-mention');
    expect(screen.getByText('@user')).toHaveClass('doc-mention');
    expect(container.innerHTML).not.toMatch(/u-grace|u-nameless/);
  });
});
