/**
 * A change request's review pieces (issue 30, item 2): a block edited in place is one
 * 'changed' row shown before beside after, blocks of another type stay removed and added;
 * the merge's confirmation names the pages added, changed (edited or moved) and removed.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { diffBlocks, pairEdits } from '../src/change-requests/block-diff';
import type { RevisionChange } from '../src/change-requests/change-list';
import { mergeSummary } from '../src/change-requests/merge-change-request';
import { RenderedDiff } from '../src/change-requests/rendered-diff';
import type { DocBlock } from '../src/content/blocks/document-shape';
import { paragraph } from './support/every-block-document';

const blocks = (...texts: string[]): DocBlock[] => texts.map((text) => paragraph(text));

describe('blocks edited in place', () => {
  it('pairs a removed and an added block of the same type, in order', () => {
    const changes = pairEdits(diffBlocks(blocks('a', 'b', 'c'), blocks('a', 'B', 'c')));
    expect(changes.map((change) => change.kind)).toEqual(['unchanged', 'changed', 'unchanged']);
  });

  it('leaves blocks of another type removed and added, and the unpaired rest', () => {
    const heading: DocBlock = { ...paragraph('Title'), type: 'heading-1' };
    const changes = pairEdits(diffBlocks(blocks('a', 'b'), [paragraph('a'), heading, paragraph('x')]));
    expect(changes.map((change) => change.kind)).toEqual(['unchanged', 'removed', 'added', 'added']);
  });

  it('renders a reworded paragraph before beside after', () => {
    render(<RenderedDiff before={'Intro.\n\nOld words.\n'} after={'Intro.\n\nNew words.\n'} title="Guide" />);
    const list = screen.getByRole('list', { name: 'Changes to the blocks of Guide' });
    const changed = within(list).getAllByRole('listitem')[1]!;
    expect(changed).toHaveClass('rendered-diff-changed');
    expect(changed).toHaveTextContent('Changed:');
    expect(changed.querySelector('.rendered-diff-before')).toHaveTextContent('Old words.');
    expect(changed.querySelector('.rendered-diff-after')).toHaveTextContent('New words.');
  });
});

describe("the merge's confirmation", () => {
  it('names the pages added, changed and removed', () => {
    const page = (id: string, title: string) => ({ id, type: 'document', title, path: id });
    const changes = [
      { type: 'page_created', page: page('a', 'Added') },
      { type: 'page_edited', page: page('b', 'Edited'), attributes: {} },
      { type: 'page_moved', page: page('b', 'Edited'), parent: {} },
      { type: 'page_moved', page: page('c', 'Moved'), parent: {} },
      { type: 'page_deleted', page: page('d', 'Gone') },
    ] as unknown as RevisionChange[];
    expect(mergeSummary(changes)).toEqual({
      added: ['Added'],
      changed: ['Edited', 'Moved'],
      removed: ['Gone'],
    });
  });
});
