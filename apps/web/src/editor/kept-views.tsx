/**
 * How the editor shows the blocks and inlines it keeps whole (`gitbookBlock`, `gitbookInline`):
 * a card naming the type with what matters of it (an image, the typeset formula, the embedded
 * address, the page a content-ref points to...). Their fields are edited under the toolbar
 * (`block-fields.ts`) while the atom is selected. Nothing from the data becomes markup but
 * through these elements; images load only from http(s) addresses.
 */
import { NodeViewWrapper, type ReactNodeViewProps, ReactNodeViewRenderer } from '@tiptap/react';
import { InlineMath, MathBlock } from '../content/blocks/math';
import { useImageUrlOf } from './editor-files';
import { GitBookBlockNode, GitBookInlineNode } from './gitbook-nodes';
import type { GitBookBlock, GitBookInline, GitBookInlineContent } from './gitbook-shapes';
import { blockName, INLINE_NAMES, refText } from './gitbook-type-names';

const webUrl = (value: unknown): string | undefined => {
  const url = (value as { kind?: unknown; url?: unknown } | undefined)?.url;
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : undefined;
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');

const plainText = (nodes: unknown): string =>
  Array.isArray(nodes)
    ? nodes
        .map((node: GitBookInlineContent | GitBookBlock) =>
          node.object === 'text'
            ? node.leaves.map((leaf) => leaf.text).join('')
            : plainText((node as { nodes?: unknown }).nodes),
        )
        .join(' ')
    : '';

function ImagesPreview({ block }: { block: GitBookBlock }) {
  const imageUrlOf = useImageUrlOf();
  return (
    <div className="editor-kept-images">
      {((block.nodes ?? []) as GitBookBlock[]).map((image, index) => {
        const src = imageUrlOf(image.data?.ref);
        const caption = plainText(image.fragments?.[0]?.nodes);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: images have no identity but their place
          <figure key={index}>
            {src ? (
              <img src={src} alt={str(image.data?.alt)} />
            ) : (
              <span>{'Image ' + refText(image.data?.ref)}</span>
            )}
            {caption && <figcaption>{caption}</figcaption>}
          </figure>
        );
      })}
    </div>
  );
}

interface CardsData {
  view?: { type?: string; columns?: string[]; coverDefinition?: string; targetDefinition?: string };
  records?: Record<string, { orderIndex?: string; values?: Record<string, unknown> }>;
  definition?: Record<string, { type?: string }>;
}

/** GitBook's cards: each card's title, cover and target, in their order. */
function CardsPreview({ block }: { block: GitBookBlock }) {
  const imageUrlOf = useImageUrlOf();
  const data = (block.data ?? {}) as CardsData;
  const definition = data.definition ?? {};
  const title = (data.view?.columns ?? []).find((id) => definition[id]?.type === 'text');
  const fragments = new Map((block.fragments ?? []).map((fragment) => [fragment.fragment, fragment]));
  const cards = Object.entries(data.records ?? {}).sort(([, a], [, b]) =>
    String(a.orderIndex) < String(b.orderIndex) ? -1 : String(a.orderIndex) > String(b.orderIndex) ? 1 : 0,
  );
  return (
    <ul className="editor-kept-cards">
      {cards.map(([id, record]) => {
        const values = record.values ?? {};
        const name = title ? values[title] : undefined;
        const cover = data.view?.coverDefinition ? values[data.view.coverDefinition] : undefined;
        const coverRef = Array.isArray(cover) ? { kind: 'file', file: cover[0] } : cover;
        const src = imageUrlOf(coverRef);
        const target = data.view?.targetDefinition ? refText(values[data.view.targetDefinition]) : '';
        return (
          <li key={id} className="editor-kept-card">
            {src && <img src={src} alt="" />}
            <strong>{plainText(fragments.get(String(name))?.nodes) || 'Card'}</strong>
            {target && <span className="editor-kept-summary">{target}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function blockSummary(block: GitBookBlock): string {
  const data = block.data ?? {};
  switch (block.type) {
    case 'embed':
      return str(data.url) || 'no address yet';
    case 'content-ref':
    case 'file':
    case 'drawing':
    case 'reusable-content':
      return refText(data.ref) || 'no target yet';
    case 'swagger':
    case 'openapi-operation':
      return (str(data.method).toUpperCase() + ' ' + str(data.path)).trim();
    case 'openapi-schemas':
      return Array.isArray(data.schemas) ? data.schemas.join(', ') : '';
    case 'openapi-webhook':
      return (str(data.method).toUpperCase() + ' ' + str(data.name)).trim();
    case 'prompt':
      return str(data.description);
    case 'integration':
      return str(data.integration) + ' ' + str(data.block);
    case 'code':
      return plainText(
        (block.nodes ?? []).map((line) => ({ object: 'block', nodes: (line as GitBookBlock).nodes })),
      );
    default:
      return '';
  }
}

function KeptBlockView({ node, selected }: ReactNodeViewProps) {
  const block = (node.attrs.block ?? { type: 'block' }) as GitBookBlock;
  const name = blockName(block);
  const summary = blockSummary(block);
  return (
    <NodeViewWrapper
      className={'editor-kept' + (selected ? ' is-selected' : '')}
      contentEditable={false}
      data-type={block.type}
      role="group"
      aria-label={name}
    >
      <span className="editor-kept-label">{name}</span>
      {block.type === 'math' ? (
        <MathBlock formula={str(block.data?.formula)} />
      ) : block.type === 'images' ? (
        <ImagesPreview block={block} />
      ) : block.type === 'table' && (block.data as CardsData | undefined)?.view?.type === 'cards' ? (
        <CardsPreview block={block} />
      ) : (
        summary && <span className="editor-kept-summary">{summary}</span>
      )}
    </NodeViewWrapper>
  );
}

function inlineContent(inline: GitBookInline) {
  const data = inline.data ?? {};
  switch (inline.type) {
    case 'inline-math':
      return <InlineMath formula={str(data.formula)} />;
    case 'emoji': {
      const code = str(data.code);
      try {
        return String.fromCodePoint(...code.split('-').map((part) => Number.parseInt(part, 16)));
      } catch {
        return ':' + code + ':';
      }
    }
    case 'button':
      return <span className="editor-kept-button">{str(data.label) || 'Button'}</span>;
    case 'icon':
      return <span className="editor-kept-icon">{str(data.icon)}</span>;
    case 'expression':
      return '{{ ' + str(data.expression) + ' }}';
    case 'mention':
      return '@' + refText(data.ref);
    case 'inline-image': {
      const src = webUrl(data.ref);
      return src ? <img src={src} alt={str(data.alt)} /> : 'image';
    }
    default:
      return plainText(inline.nodes) || (INLINE_NAMES[inline.type] ?? inline.type);
  }
}

function KeptInlineView({ node, selected }: ReactNodeViewProps) {
  const inline = (node.attrs.inline ?? { type: 'inline' }) as GitBookInline;
  return (
    <NodeViewWrapper
      as="span"
      className={'editor-kept-inline editor-kept-' + inline.type + (selected ? ' is-selected' : '')}
      contentEditable={false}
      title={INLINE_NAMES[inline.type] ?? inline.type}
    >
      {inlineContent(inline)}
    </NodeViewWrapper>
  );
}

export const KeptBlockWithView = GitBookBlockNode.extend({
  addNodeView() {
    return ReactNodeViewRenderer(KeptBlockView);
  },
});

export const KeptInlineWithView = GitBookInlineNode.extend({
  addNodeView() {
    return ReactNodeViewRenderer(KeptInlineView, { as: 'span' });
  },
});
