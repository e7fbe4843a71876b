/**
 * A change request's diff, rendered (issue 27, item 4): an edited page's blocks removed and
 * added are shown as the read view shows them (a tab set as tabs, not as its markdown lines),
 * matched by content, with unchanged context folded; the markdown's line diff stays the default.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { diffBlocks } from '../src/change-requests/block-diff';
import { blockLineLabel } from '../src/change-requests/block-line-label';
import { ChangeList, type RevisionChange } from '../src/change-requests/change-list';
import { LineDiff } from '../src/change-requests/line-diff';
import { RenderedDiff } from '../src/change-requests/rendered-diff';
import type { DocBlock } from '../src/content/blocks/document-shape';
import { paragraph } from './support/every-block-document';

const blocks = (...texts: string[]): DocBlock[] =>
  texts.map((text, index) => ({ ...paragraph(text), key: `k${index}-${text}` }));
const kinds = (before: string[], after: string[]) =>
  diffBlocks(blocks(...before), blocks(...after)).map(
    (change) =>
      `${change.kind[0]}:${(change.block.nodes![0] as unknown as { leaves: { text: string }[] }).leaves[0]!.text}`,
  );

describe('blocks matched by content', () => {
  it('keeps common blocks, keys aside, and lists removals before additions', () => {
    expect(kinds(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e'])).toEqual([
      'u:a',
      'r:b',
      'a:x',
      'u:c',
      'u:d',
      'a:e',
    ]);
    expect(kinds([], ['a'])).toEqual(['a:a']);
    expect(kinds(['a'], [])).toEqual(['r:a']);
    expect(kinds(['a', 'b'], ['b', 'a'])).toEqual(['r:a', 'u:b', 'a:a']);
  });

  it('stays bounded on large pages: 2,000 blocks against 2,000 others', () => {
    const before = Array.from({ length: 2000 }, (_, index) => `old ${index}`);
    const after = Array.from({ length: 2000 }, (_, index) => `new ${index}`);
    const started = performance.now();
    const changes = kinds(['same', ...before, 'end'], ['same', ...after, 'end']);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(changes).toHaveLength(4002);
    expect(changes[0]).toBe('u:same');
    expect(changes.at(-1)).toBe('u:end');
  });
});

const BEFORE = 'Intro.\n\nOne.\n\nTwo.\n\nThree.\n\nFour.\n\nOld ending.\n';
const AFTER =
  'Intro.\n\nOne.\n\nTwo.\n\nThree.\n\nFour.\n\n{% hint style="warning" %}\nA new warning.\n{% endhint %}\n';

describe('the rendered diff', () => {
  it('shows the removed and added blocks rendered, with context, and counts the rest', () => {
    render(<RenderedDiff before={BEFORE} after={AFTER} title="Install" />);
    const list = screen.getByRole('list', { name: 'Changes to the blocks of Install' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '4 unchanged blocks',
      'Unchanged:Four.',
      '−Removed:Old ending.',
      '+Added:A new warning.',
    ]);
    expect(within(items[3]!).getByRole('note', { name: 'Warning hint' })).toHaveTextContent('A new warning.');
    expect(items[3]).toHaveClass('rendered-diff-added');
    expect(items[2]).toHaveClass('rendered-diff-removed');
  });

  it('says so when only the markdown changed, not the blocks', () => {
    render(<RenderedDiff before={'A  \n'} after={'A\n'} title="Same" />);
    expect(screen.getByText('The blocks are unchanged.')).toBeInTheDocument();
  });

  it('is offered beside the line diff of an edited page', () => {
    const change: RevisionChange = {
      type: 'page_edited',
      page: { id: 'p5', type: 'document', title: 'Install', path: 'install' },
      attributes: { document: { before: BEFORE, after: AFTER } },
      diff: '@@ -1,1 +1,1 @@\n-Old ending.\n+A new warning.\n',
    };
    render(<ChangeList changes={[change]} />);
    expect(screen.getByRole('button', { name: 'Markdown' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('table', { name: 'Changes to the text of Install' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Rendered' }));
    expect(screen.getByRole('button', { name: 'Rendered' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('table', { name: 'Changes to the text of Install' })).toBeNull();
    expect(screen.getByRole('note', { name: 'Warning hint' })).toBeInTheDocument();
  });
});

describe('GitBook block lines in the line diff', () => {
  it('says which block a tag line opens or closes', () => {
    expect(blockLineLabel('{% tab title="npm" %}')).toBe('Tab “npm” begins');
    expect(blockLineLabel('  {% endstepper %}')).toBe('Stepper ends');
    expect(blockLineLabel('{% hint style="warning" %}')).toBe('Hint “warning” begins');
    expect(blockLineLabel('{% if visitor.claims.plan == "pro" %}')).toBe(
      'Shown when visitor.claims.plan == "pro"',
    );
    expect(blockLineLabel('{% include "../.gitbook/includes/x.md" %}')).toBe(
      'Reusable content “../.gitbook/includes/x.md” begins',
    );
    expect(blockLineLabel('{% @mermaid/diagram content="x" %}')).toBe('Integration @mermaid/diagram begins');
    expect(blockLineLabel('<details>')).toBe('Expandable begins');
    expect(blockLineLabel('$$')).toBe('Math');
    for (const line of ['Plain text.', '{% made-up %}', '\\{% tabs %}', '{%tabs%}', ''])
      expect(blockLineLabel(line), line).toBeUndefined();
  });

  it('shows the label beside the tag line, in words', () => {
    render(
      <LineDiff diff={'@@ -1,1 +1,3 @@\n+{% tabs %}\n+{% tab title="npm" %}\n Text.\n'} title="Install" />,
    );
    const rows = within(screen.getByRole('table', { name: 'Changes to the text of Install' })).getAllByRole(
      'row',
    );
    expect(rows[2]).toHaveTextContent('+added{% tabs %} Tabs begins');
    expect(rows[3]).toHaveTextContent('Tab “npm” begins');
    expect(rows[4]).toHaveTextContent(/Text\.$/);
  });
});
