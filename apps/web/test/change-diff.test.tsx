/**
 * A change request's diff: the unified line diff as numbered rows, and the changes grouped
 * as pages added, removed, moved and edited, each line's change said in words too.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeList, type RevisionChange } from '../src/change-requests/change-list';
import { diffRowsOf } from '../src/change-requests/unified-diff';

const DIFF = `===================================================================
--- install
+++ install
@@ -1,3 +1,4 @@
 Run the server.
-It builds first.
+It builds first, then listens.
+
 The end.
\\ No newline at end of file
`;

describe('a unified diff as rows', () => {
  it('numbers the lines before and after, and drops the file headers', () => {
    expect(diffRowsOf(DIFF)).toEqual([
      { kind: 'hunk', text: '@@ -1,3 +1,4 @@' },
      { kind: 'unchanged', text: 'Run the server.', oldLine: 1, newLine: 1 },
      { kind: 'removed', text: 'It builds first.', oldLine: 2 },
      { kind: 'added', text: 'It builds first, then listens.', newLine: 2 },
      { kind: 'added', text: '', newLine: 3 },
      { kind: 'unchanged', text: 'The end.', oldLine: 3, newLine: 4 },
    ]);
  });

  it('is empty for an empty diff', () => {
    expect(diffRowsOf('')).toEqual([]);
  });
});

const page = (id: string, title: string, path: string) => ({ id, type: 'document' as const, title, path });
const CHANGES: RevisionChange[] = [
  { type: 'page_created', page: page('p1', 'Upgrading', 'start/upgrading') },
  { type: 'page_deleted', page: page('p2', 'Old notes', 'old-notes') },
  {
    type: 'page_moved',
    page: page('p3', 'FAQ', 'guides/faq'),
    parent: { after: page('p4', 'Guides', 'guides') },
  },
  {
    type: 'page_edited',
    page: page('p5', 'Install', 'start/install'),
    attributes: { title: { before: 'Setup', after: 'Install' }, document: { before: 'a', after: 'b' } },
    diff: DIFF,
  },
];

describe('the changes of a change request', () => {
  it('groups pages added, removed, moved and edited, with a summary', () => {
    render(<ChangeList changes={CHANGES} />);
    expect(screen.getByText('1 page added, 1 page removed, 1 page moved, 1 page edited')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Added' }).nextElementSibling).toHaveTextContent(
      'Upgrading (/start/upgrading)',
    );
    expect(screen.getByRole('heading', { name: 'Removed' }).nextElementSibling).toHaveTextContent(
      'Old notes',
    );
    expect(screen.getByRole('heading', { name: 'Moved' }).nextElementSibling).toHaveTextContent(
      'FAQ (/guides/faq): from the top level to under Guides',
    );
    const edited = screen.getByRole('heading', { name: 'Edited' }).nextElementSibling as HTMLElement;
    expect(within(edited).getByText('Setup')).toBeInTheDocument();
    const table = within(edited).getByRole('table', { name: 'Changes to the text of Install' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[2]).toHaveTextContent('2−removedIt builds first.');
    expect(rows[3]).toHaveTextContent('2+addedIt builds first, then listens.');
  });

  it('says so when nothing changed', () => {
    render(<ChangeList changes={[]} />);
    expect(screen.getByText('No changes yet')).toBeInTheDocument();
  });
});
