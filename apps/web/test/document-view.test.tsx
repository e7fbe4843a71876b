/**
 * The read view of GitBook's document (`content/blocks/`): every block and inline type of
 * 0.202.0 renders as a reader expects it (GitBook's own renderer is the reference), tabs follow
 * WAI-ARIA's tabs pattern by keyboard, nothing of the content runs (links to `javascript:` lose
 * their target, embeds are link cards, never frames), unknown blocks show as placeholders.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DocRef } from '../src/content/blocks/document-shape';
import { DocumentView } from '../src/content/blocks/document-view';
import { emojiOf } from '../src/content/blocks/emoji';
import type { DocumentRendering } from '../src/content/blocks/render-context';
import { safeUrl } from '../src/content/blocks/safe-url';
import { EVERY_BLOCK, paragraph } from './support/every-block-document';

const rendering: Partial<DocumentRendering> = {
  anchors: true,
  pageOf: (ref: DocRef) =>
    ref.kind === 'page' && ref.page === 'page-install'
      ? {
          title: 'Install',
          href: '/o/org/s/space/install',
          emoji: '🚀',
          description: 'Run Quire on your server.',
        }
      : undefined,
  fileOf: (ref: DocRef) =>
    ref.kind === 'file' && ref.file === 'file-guide'
      ? { name: 'guide.pdf', url: '/files/guide.pdf', size: 2_400_000, contentType: 'application/pdf' }
      : undefined,
  expressionValue: (expression: string) => (expression === 'space.vars.version' ? '2.1' : undefined),
  ReusableContent: ({ render: show }) => show({ object: 'document', nodes: [paragraph('Contact support.')] }),
};

const view = () => render(<DocumentView document={EVERY_BLOCK} rendering={rendering} />).container;

describe('the read view of every GitBook block', () => {
  it('renders marks as their elements and colours as classes of the palette', () => {
    const container = view();
    for (const [text, selector] of [
      ['bold', 'strong'],
      ['italic', 'em'],
      ['struck', 'del'],
      ['code', 'code'],
      ['Ctrl', 'kbd'],
    ])
      expect(screen.getByText(text!, { selector })).toBeInTheDocument();
    expect(container.querySelector('sup')).toHaveTextContent('2');
    expect(container.querySelector('sub')).toHaveTextContent('2');
    expect(screen.getByText('red text')).toHaveClass('doc-color-red');
    expect(screen.getByText('highlighted')).toHaveClass('doc-highlight-yellow');
    expect(container.querySelector('[style*="color"]')).toBeNull();
  });

  it('renders inlines: links, emoji, icons, variables, mentions, annotations, images, buttons', () => {
    view();
    expect(screen.getByRole('link', { name: 'a link' })).toHaveAttribute('href', 'https://example.com/docs');
    expect(screen.queryByRole('link', { name: 'a bad link' })).toBeNull();
    expect(screen.getByText(/a bad link/)).toBeInTheDocument();
    expect(screen.getByText('👋')).toHaveClass('doc-emoji');
    expect(screen.getByRole('img', { name: 'rocket' })).toHaveClass('doc-icon', 'doc-color-blue');
    expect(screen.getByText('2.1')).toHaveClass('doc-expression');
    const mention = screen
      .getAllByRole('link', { name: 'Install' })
      .find((link) => link.matches('.doc-mention'));
    expect(mention).toHaveAttribute('href', '/o/org/s/space/install');
    expect(mention).toHaveTextContent('🚀 Install');
    expect(screen.getByText('@user')).toHaveClass('doc-mention');
    expect(screen.queryByText(/@ada/)).toBeNull();
    const annotated = screen.getByRole('button', { name: 'annotated' });
    expect(annotated).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(annotated);
    expect(screen.getByRole('note', { name: 'Note on “annotated”' })).toHaveTextContent('The note.');
    expect(screen.getByRole('img', { name: 'an icon' })).toHaveClass('doc-inline-image-line');
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveClass('doc-button', 'doc-button-primary');
    expect(screen.getByRole('link', { name: 'Secondary' })).toHaveClass('doc-button-secondary');
  });

  it('gives the page’s headings their anchors and renders lists, tasks, quotes and dividers', () => {
    const container = view();
    expect(screen.getByRole('heading', { level: 1, name: 'Every block' })).toHaveAttribute(
      'id',
      'every-block',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Lists' })).toHaveAttribute('id', 'lists');
    // A step's heading is not one of the page's own: no anchor.
    expect(screen.getByRole('heading', { level: 3, name: 'Install' })).not.toHaveAttribute('id');
    expect(container.querySelector('ol[start="3"]')).toHaveTextContent('thirdfourth');
    expect(
      screen
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked)
        .slice(0, 2),
    ).toEqual([true, false]);
    expect(container.querySelector('blockquote')).toHaveTextContent('A quote.');
    expect(container.querySelector('hr')).not.toBeNull();
  });

  it('gives a heading GitBook’s own id as an anchor too, never one of the app’s ids', () => {
    const heading = (id: string, title: string) => ({
      object: 'block' as const,
      type: 'heading-2',
      data: { id },
      nodes: [{ object: 'text' as const, leaves: [{ object: 'leaf' as const, text: title, marks: [] }] }],
    });
    const { container } = render(
      <DocumentView
        document={{
          object: 'document',
          nodes: [heading('custom-anchor', 'Ports'), heading('main', 'Other')],
        }}
        rendering={{ anchors: true }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Ports' })).toHaveAttribute('id', 'ports');
    expect(container.querySelector('#custom-anchor')?.closest('h2')).toHaveTextContent('Ports');
    expect(container.querySelector('#main')).toBeNull();
  });

  it('renders each hint style as a note of that style with its icon', () => {
    view();
    for (const style of ['Info', 'Warning', 'Danger', 'Success']) {
      const hint = screen.getByRole('note', { name: `${style} hint` });
      expect(hint).toHaveClass(`hint-${style.toLowerCase()}`);
      expect(hint.querySelector('.doc-hint-icon svg, .doc-hint-icon [role="img"]')).not.toBeNull();
    }
    expect(
      within(screen.getByRole('note', { name: 'Success hint' })).getByRole('img', { name: 'lightbulb' }),
    ).toBeInTheDocument();
  });

  it('renders code with its title, numbered and highlighted lines, wrapping, and a copy button', () => {
    const container = view();
    const titled = screen.getByText('server.ts').closest('.doc-code')!;
    expect(titled).toHaveClass('doc-code-numbered');
    expect(titled.querySelector('code.language-ts')?.textContent).toBe(
      'const port = 8080;\nlisten(port);\nlog("ready");\n',
    );
    expect(titled.querySelectorAll('.doc-code-highlighted')).toHaveLength(1);
    expect(within(titled as HTMLElement).getByRole('button', { name: 'Copy server.ts' })).toBeInTheDocument();
    expect(container.querySelector('.doc-code-wrap code.language-bash')).not.toBeNull();
  });

  it('renders tabs as WAI-ARIA tabs, chosen by click and by the arrow, Home and End keys', () => {
    view();
    const list = screen.getByRole('tablist');
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['npm', 'pnpm', 'Docker']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByRole('tabpanel', { name: 'npm' })).toHaveTextContent('npm install quire');
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[1]).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'pnpm' })).toHaveTextContent('pnpm add quire');
    fireEvent.keyDown(tabs[1]!, { key: 'End' });
    expect(tabs[2]).toHaveFocus();
    fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' });
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tabs[2]!, { key: 'Home' });
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(tabs[2]!);
    expect(screen.getByRole('tabpanel', { name: 'Docker' })).toHaveTextContent('Run the image.');
    // The other panels are in the page, hidden (found by search, printed, read without scripts).
    expect(screen.getByText('npm install quire').closest('[role="tabpanel"]')).not.toBeVisible();
  });

  it('renders steppers as numbered steps, expandables as details, columns side by side', () => {
    const container = view();
    const stepper = container.querySelector('ol.doc-stepper')!;
    expect([...stepper.querySelectorAll('.doc-step-number')].map((number) => number.textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(within(stepper as HTMLElement).getAllByRole('listitem')).toHaveLength(3);
    const details = container.querySelector('details.doc-expandable')!;
    expect(details.querySelector('summary')).toHaveTextContent('Why self-host?');
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveTextContent('Your data stays yours.');
    const columns = container.querySelectorAll('.doc-columns > .doc-column');
    expect(columns).toHaveLength(2);
    expect([...columns].map((column) => column.textContent)).toEqual([
      'The left column, wider.',
      'The right column.',
    ]);
  });

  it('renders cards with their cover and as links to their target, and grid tables by column type', () => {
    view();
    const install = screen
      .getAllByRole('link', { name: 'Install' })
      .find((link) => link.matches('.doc-card-link'))!;
    expect(install).toHaveClass('doc-card-link');
    expect(install).toHaveAttribute('href', '/o/org/s/space/install');
    const card = install.closest('li')!;
    expect(card.querySelector('img')).toHaveAttribute('src', 'https://example.com/cover-1.png');
    expect(card).toHaveTextContent('Run Quire on your server.');
    expect(screen.getByRole('link', { name: 'API' })).toHaveAttribute('href', 'https://example.com/api');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Rating', 'Works']);
    expect(within(table).getByRole('img', { name: '4 out of 5' })).toHaveTextContent('★★★★☆');
    expect(within(table).getByRole('checkbox', { name: 'Works' })).toBeChecked();
  });

  it('renders images as figures with caption, size and a dark variant, files as download cards, embeds as link cards', () => {
    const container = view();
    const image = screen.getByRole('img', { name: 'The dashboard' });
    expect(image).toHaveAttribute('src', 'https://example.com/light.png');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image.style.width).toBe('320px');
    const source = image.closest('picture')!.querySelector('source')!;
    expect(source).toHaveAttribute('srcset', 'https://example.com/dark.png');
    expect(source).toHaveAttribute('media', '(prefers-color-scheme: dark)');
    expect(image.closest('figure')!.querySelector('figcaption')).toHaveTextContent(
      'The dashboard, in light and dark.',
    );
    const file = screen.getByRole('link', { name: /guide\.pdf/ });
    expect(file).toHaveAttribute('href', '/files/guide.pdf');
    expect(file).toHaveAttribute('download');
    expect(file).toHaveTextContent('application/pdf · 2.3 MB');
    const embed = screen.getByRole('link', { name: /www\.youtube\.com/ });
    expect(embed).toHaveAttribute('href', 'https://www.youtube.com/watch?v=abc');
    expect(embed).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelector('iframe, script, object, embed')).toBeNull();
    expect(
      screen
        .getAllByRole('link', { name: /Install/ })
        .some((link) => link.classList.contains('doc-content-ref')),
    ).toBe(true);
  });

  it('renders updates with their dates and tags, if blocks with a marker, reusable content inline', () => {
    view();
    const updates = screen.getAllByRole('article');
    expect(updates).toHaveLength(2);
    expect(within(updates[0]!).getByText('November 20, 2026').tagName).toBe('TIME');
    expect(within(updates[0]!).getByRole('list', { name: 'Tags' })).toHaveTextContent('featureapi');
    const condition = screen.getByRole('region', { name: 'Shown when visitor.claims.plan == "pro"' });
    expect(condition).toHaveTextContent('Only for pro visitors.');
    expect(screen.getByText('Contact support.').closest('.doc-reusable')).toHaveAttribute(
      'data-reusable-content',
      'rc-support',
    );
  });

  it('shows an unknown block as a placeholder naming its type, with its text', () => {
    view();
    expect(screen.getByRole('region', { name: 'A made-up-block block' })).toHaveTextContent(
      'Text of a block no one knows.',
    );
  });

  it('typesets math with KaTeX once loaded, the formula as code until then', async () => {
    const container = view();
    await act(async () => {
      await import('katex');
    });
    await screen.findAllByText((_, element) => element?.classList.contains('katex') ?? false);
    expect(container.querySelector('.doc-math .katex-display')).not.toBeNull();
    expect(container.querySelector('.doc-inline-math .katex math')).not.toBeNull();
  });

  it('hides an if block whose condition does not hold where conditions are evaluated', () => {
    render(
      <DocumentView
        document={EVERY_BLOCK}
        rendering={{ ...rendering, conditions: { mode: 'evaluate', holds: () => false } }}
      />,
    );
    expect(screen.queryByText('Only for pro visitors.')).toBeNull();
  });
});

describe('what reaches the browser', () => {
  it('keeps http(s), mailto, tel and paths, refuses other schemes and disguised ones', () => {
    for (const url of [
      'https://x.io/a',
      'http://x.io',
      'mailto:a@b.c',
      'tel:+1',
      '/files/a',
      '#top',
      'page.md',
    ])
      expect(safeUrl(url)).toBe(url);
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:x',
      'java\tscript:x',
      'data:text/html,x',
      'vbscript:x',
      ' \njavascript:x',
      '\\\\evil',
    ])
      expect(safeUrl(url)).toBeUndefined();
  });

  it('reads emoji codes, and nothing from codes that are not', () => {
    expect(emojiOf('1f469-200d-1f4bb')).toBe('👩‍💻');
    expect(emojiOf('<script>')).toBe('');
    expect(emojiOf('110000')).toBe('');
  });
});
