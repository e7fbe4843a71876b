/**
 * GitBook's document (`JSONDocument`), rendered: the one renderer of content blocks, used by
 * the app's read view and change diff, and meant for Quire's reader (issue 29). Each block
 * family is a small component of its own (`block-list.tsx` names them); what depends on the
 * place (links, files, pages, reusable content, conditions) comes from its `rendering`.
 * Headings of the page's own (top-level) blocks get the page's anchors as ids, the server's
 * rule (`headingAnchors`), so `#anchor` addresses and search results lead to them.
 */
import { headingAnchors } from '@quire/documents/heading-anchors';
import { useMemo } from 'react';
import { BlockList } from './block-list';
import type { DocBlock, DocDocument } from './document-shape';
import { textOfNodes } from './document-text';
import { BlockListContext } from './nested-blocks';
import { DEFAULT_RENDERING, type DocumentRendering, RenderingProvider } from './render-context';
import { HeadingIdsContext } from './text-blocks';
import '../../styles/document.css';

const HEADINGS = new Set(['heading-1', 'heading-2', 'heading-3']);

export function headingIdsOf(document: DocDocument): Map<DocBlock, string> {
  const headings = document.nodes.filter((node) => node.object === 'block' && HEADINGS.has(node.type));
  const anchors = headingAnchors(headings.map((node) => textOfNodes(node.nodes).replace(/\s+/g, ' ').trim()));
  return new Map(headings.map((node, index) => [node, anchors[index]!]));
}

export function DocumentView({
  document,
  rendering,
  className,
}: {
  document: DocDocument;
  rendering?: Partial<DocumentRendering>;
  className?: string;
}) {
  const merged = useMemo(() => ({ ...DEFAULT_RENDERING, ...rendering }), [rendering]);
  const ids = useMemo(
    () => (merged.anchors ? headingIdsOf(document) : new Map<DocBlock, string>()),
    [document, merged.anchors],
  );
  return (
    <RenderingProvider value={merged}>
      <BlockListContext.Provider value={BlockList}>
        <HeadingIdsContext.Provider value={ids}>
          <div className={className ? `document ${className}` : 'document'}>
            <BlockList blocks={document.nodes} />
          </div>
        </HeadingIdsContext.Provider>
      </BlockListContext.Provider>
    </RenderingProvider>
  );
}
