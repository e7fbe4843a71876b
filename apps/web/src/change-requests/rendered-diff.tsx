/**
 * A page's change shown rendered: the blocks removed, added and changed, each as the read view
 * shows it (a tab set, a stepper, cards, a figure... rather than their markdown lines), marked
 * by a sign, a colour and words; a block changed in place (`pairEdits`) shows its version
 * before beside its version after. One unchanged block of context stays around each change,
 * and the runs of unchanged blocks between them are counted.
 */
import { markdownToDocument } from '@quire/documents/to-document';
import { useMemo } from 'react';
import { AppDocument, type ContentSource, ContentSourceProvider } from '../content/app-rendering';
import type { DocBlock, DocDocument } from '../content/blocks/document-shape';
import { type BlockChange, type BlockEdit, diffBlocks, pairEdits } from './block-diff';

/** Unchanged blocks shown before and after each change. */
const CONTEXT = 1;

type Change = BlockChange | BlockEdit;
type Row = Change | { kind: 'skipped'; count: number };

/** A row that changes something ('unchanged' would match the words unanchored). */
const CHANGED = /^(added|removed|changed)$/;

/** The changes with runs of unchanged blocks far from any change folded into a count. */
export function foldUnchanged(changes: readonly Change[]): Row[] {
  const near = changes.map((change, index) => {
    if (change.kind !== 'unchanged') return true;
    for (let distance = 1; distance <= CONTEXT; distance++)
      if (changes[index - distance]?.kind.match(CHANGED) || changes[index + distance]?.kind.match(CHANGED))
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

/**
 * Where each side's blocks are read from (their reusable contents): the revision before and
 * the revision after, in the history; absent, the place the diff is shown in.
 */
export interface DiffSources {
  before?: ContentSource | undefined;
  after?: ContentSource | undefined;
}

/** One side's blocks, read from its source. */
function SideDocument({ block, source }: { block: DocBlock; source: ContentSource | undefined }) {
  const shown = <AppDocument document={oneBlock(block)} className="rendered-diff-content" />;
  return source ? <ContentSourceProvider source={source}>{shown}</ContentSourceProvider> : shown;
}

const documentOf = (markdown: string) => markdownToDocument(markdown) as unknown as DocDocument;
const oneBlock = (block: DocBlock): DocDocument => ({ object: 'document', data: {}, nodes: [block] });

const WORDS = { added: 'Added', removed: 'Removed', unchanged: 'Unchanged', changed: 'Changed' } as const;
const SIGNS = { added: '+', removed: '−', unchanged: '', changed: '±' } as const;

export function RenderedDiff({
  before,
  after,
  title,
  sources = {},
}: {
  before: string;
  after: string;
  title: string;
  sources?: DiffSources;
}) {
  const rows = useMemo(
    () => foldUnchanged(pairEdits(diffBlocks(documentOf(before).nodes, documentOf(after).nodes))),
    [before, after],
  );
  if (!rows.some((row) => CHANGED.test(row.kind))) return <p className="muted">The blocks are unchanged.</p>;
  return (
    <ol className="rendered-diff" aria-label={`Changes to the blocks of ${title}`}>
      {rows.map((row, index) =>
        row.kind === 'skipped' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are in the page's order
          <li key={index} className="rendered-diff-skipped">
            {row.count === 1 ? '1 unchanged block' : `${row.count} unchanged blocks`}
          </li>
        ) : row.kind === 'changed' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are in the page's order
          <li key={index} className="rendered-diff-block rendered-diff-changed">
            <span className="rendered-diff-sign" aria-hidden="true">
              {SIGNS.changed}
            </span>
            <span className="visually-hidden">{WORDS.changed}:</span>
            <div className="rendered-diff-sides">
              <div className="rendered-diff-before">
                <span className="rendered-diff-side-label">Before</span>
                <SideDocument block={row.before} source={sources.before} />
              </div>
              <div className="rendered-diff-after">
                <span className="rendered-diff-side-label">After</span>
                <SideDocument block={row.after} source={sources.after} />
              </div>
            </div>
          </li>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are in the page's order
          <li key={index} className={`rendered-diff-block rendered-diff-${row.kind}`}>
            <span className="rendered-diff-sign" aria-hidden="true">
              {SIGNS[row.kind]}
            </span>
            <span className="visually-hidden">{WORDS[row.kind]}:</span>
            <SideDocument
              block={row.block}
              source={row.kind === 'removed' ? sources.before : sources.after}
            />
          </li>
        ),
      )}
    </ol>
  );
}
