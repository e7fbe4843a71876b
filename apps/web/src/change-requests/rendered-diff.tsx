/**
 * A page's change shown rendered: the blocks removed and added, each as the read view shows it
 * (a tab set, a stepper, cards, a figure... rather than their markdown lines), marked by a
 * sign, a colour and words, with one unchanged block of context around each change and the
 * runs of unchanged blocks between them counted.
 */
import { markdownToDocument } from '@quire/documents/to-document';
import { useMemo } from 'react';
import { AppDocument } from '../content/app-rendering';
import type { DocBlock, DocDocument } from '../content/blocks/document-shape';
import { type BlockChange, diffBlocks } from './block-diff';

/** Unchanged blocks shown before and after each change. */
const CONTEXT = 1;

type Row = BlockChange | { kind: 'skipped'; count: number };

/** The changes with runs of unchanged blocks far from any change folded into a count. */
export function foldUnchanged(changes: readonly BlockChange[]): Row[] {
  const near = changes.map((change, index) => {
    if (change.kind !== 'unchanged') return true;
    for (let distance = 1; distance <= CONTEXT; distance++)
      if (
        changes[index - distance]?.kind.match(/added|removed/) ||
        changes[index + distance]?.kind.match(/added|removed/)
      )
        return true;
    return false;
  });
  const rows: Row[] = [];
  changes.forEach((change, index) => {
    if (near[index]) rows.push(change);
    else {
      const last = rows[rows.length - 1];
      if (last?.kind === 'skipped') last.count++;
      else rows.push({ kind: 'skipped', count: 1 });
    }
  });
  return rows;
}

const documentOf = (markdown: string) => markdownToDocument(markdown) as unknown as DocDocument;
const oneBlock = (block: DocBlock): DocDocument => ({ object: 'document', data: {}, nodes: [block] });

const WORDS = { added: 'Added', removed: 'Removed', unchanged: 'Unchanged' } as const;
const SIGNS = { added: '+', removed: '−', unchanged: '' } as const;

export function RenderedDiff({ before, after, title }: { before: string; after: string; title: string }) {
  const rows = useMemo(
    () => foldUnchanged(diffBlocks(documentOf(before).nodes, documentOf(after).nodes)),
    [before, after],
  );
  if (!rows.some((row) => row.kind === 'added' || row.kind === 'removed'))
    return <p className="muted">The blocks are unchanged.</p>;
  return (
    <ol className="rendered-diff" aria-label={`Changes to the blocks of ${title}`}>
      {rows.map((row, index) =>
        row.kind === 'skipped' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are in the page's order
          <li key={index} className="rendered-diff-skipped">
            {row.count === 1 ? '1 unchanged block' : `${row.count} unchanged blocks`}
          </li>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are in the page's order
          <li key={index} className={`rendered-diff-block rendered-diff-${row.kind}`}>
            <span className="rendered-diff-sign" aria-hidden="true">
              {SIGNS[row.kind]}
            </span>
            <span className="visually-hidden">{WORDS[row.kind]}:</span>
            <AppDocument document={oneBlock(row.block)} className="rendered-diff-content" />
          </li>
        ),
      )}
    </ol>
  );
}
