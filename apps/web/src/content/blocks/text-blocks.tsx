/**
 * GitBook's essential blocks: paragraphs (with their alignment), headings (with the page's
 * anchors as ids, and a link to themselves), lists (ordered from their start, unordered,
 * tasks with their boxes), quotes and dividers.
 */
import { createContext, useContext, useId } from 'react';
import { fileByUrlOf } from '../file-by-url-syntax';
import { type DocBlock, stringOf } from './document-shape';
import { Inlines } from './inline-view';
import { FileByUrlCard } from './link-cards';
import { Blocks } from './nested-blocks';
import { useRendering } from './render-context';

/** The anchors of the page's own headings (`document-view.tsx`), by block. */
export const HeadingIdsContext = createContext<ReadonlyMap<DocBlock, string>>(new Map());

function alignClass(block: DocBlock): string | undefined {
  const align = block.data?.align;
  return align === 'center' || align === 'end' ? `doc-align-${align}` : undefined;
}

/**
 * Whether a paragraph is markdown the converter kept as its source: one unmarked text whose
 * text has a blank line, which no paragraph's own text can have (a blank line ends it).
 */
export function isKeptSource(block: DocBlock): string | undefined {
  const only = block.nodes?.length === 1 ? block.nodes[0] : undefined;
  if (only?.object !== 'text' || only.leaves.length !== 1) return undefined;
  const leaf = only.leaves[0]!;
  return (leaf.marks ?? []).length === 0 && leaf.text.includes('\n\n') ? leaf.text : undefined;
}

export function Paragraph({ block }: { block: DocBlock }) {
  const { KeptSource } = useRendering();
  const source = isKeptSource(block);
  // GitBook's file by address, which the reader keeps as its text: a file card.
  const file = source === undefined ? undefined : fileByUrlOf(source);
  if (file) return <FileByUrlCard file={file} />;
  if (KeptSource && source !== undefined) return <KeptSource text={source} />;
  return (
    <p className={alignClass(block)}>
      <Inlines nodes={block.nodes} />
    </p>
  );
}

/** Ids of the app's own elements, which no heading may take. */
const APP_IDS = new Set(['main', 'root', 'page-title']);

export function Heading({ block }: { block: DocBlock }) {
  const id = useContext(HeadingIdsContext).get(block);
  // GitBook's own id of the heading (`<a href="#id" id="id"></a>` in its markdown): links
  // written for GitBook lead to it too. Only on the page's own headings, of GitBook's id form,
  // and never an id the app uses for itself.
  const given = stringOf(block.data, 'id');
  const explicit =
    id !== undefined &&
    given !== undefined &&
    given !== id &&
    /^[-a-z0-9.+_]{1,100}$/.test(given) &&
    !APP_IDS.has(given)
      ? given
      : undefined;
  // The markdown's levels, as the read view always had them (a page's `# ` is its h1).
  const Tag = block.type === 'heading-1' ? 'h1' : block.type === 'heading-2' ? 'h2' : 'h3';
  return (
    <Tag id={id} className={['doc-heading', alignClass(block)].filter(Boolean).join(' ') || undefined}>
      {explicit && <span id={explicit} className="doc-anchor" />}
      <Inlines nodes={block.nodes} />
    </Tag>
  );
}

export function ListBlock({ block }: { block: DocBlock }) {
  const items = (block.nodes ?? []).filter(
    (node): node is DocBlock => node.object === 'block' && node.type === 'list-item',
  );
  const tasks = block.type === 'list-tasks';
  const children = items.map((item, index) =>
    tasks ? (
      <TaskItem key={item.key ?? index} item={item} />
    ) : (
      <li key={item.key ?? index}>
        <Blocks blocks={item.nodes} tight />
      </li>
    ),
  );
  if (block.type === 'list-ordered') {
    const start = block.data?.start;
    return (
      <ol start={typeof start === 'number' && Number.isSafeInteger(start) && start !== 1 ? start : undefined}>
        {children}
      </ol>
    );
  }
  return <ul className={tasks ? 'doc-tasks contains-task-list' : undefined}>{children}</ul>;
}

/** A task: its box, named by its text, then its text. */
function TaskItem({ item }: { item: DocBlock }) {
  const id = useId();
  return (
    <li className="doc-task">
      <input type="checkbox" checked={item.data?.checked === true} readOnly disabled aria-labelledby={id} />
      <div id={id} className="doc-task-text">
        <Blocks blocks={item.nodes} tight />
      </div>
    </li>
  );
}

export function Quote({ block }: { block: DocBlock }) {
  return (
    <blockquote>
      <Blocks blocks={block.nodes} />
    </blockquote>
  );
}

export function Divider() {
  return <hr />;
}
