/**
 * GitBook's table block in its two views. The grid: a table whose columns are the view's
 * columns in order, each cell shown by its column's type (text of its fragment, number,
 * checkbox, files, users, rating, select, content reference, image), records in their order.
 * The cards: a grid of cards (medium or large), each with its cover image (light and dark),
 * its text, and as a whole a link to its target.
 */
import type { ReactNode } from 'react';
import { type DocBlock, type DocRef, fragmentNamed, refOf } from './document-shape';
import { textOfFragment } from './document-text';
import { Blocks } from './nested-blocks';
import { imageUrlOf } from './picture';
import { type DocumentRendering, useRendering } from './render-context';
import { isExternal } from './safe-url';

interface Definition {
  id: string;
  title: string;
  type: string;
  textAlignment?: string;
  max?: number;
  options?: { value: string; label: string }[];
}

interface TableRecord {
  orderIndex: string;
  values: Record<string, unknown>;
}

function definitionsOf(block: DocBlock): Map<string, Definition> {
  const given = block.data?.definition;
  const definitions = new Map<string, Definition>();
  if (typeof given !== 'object' || given === null) return definitions;
  for (const [id, value] of Object.entries(given)) {
    if (typeof value === 'object' && value !== null && typeof (value as Definition).type === 'string')
      definitions.set(id, { ...(value as Definition), id });
  }
  return definitions;
}

function recordsOf(block: DocBlock): TableRecord[] {
  const given = block.data?.records;
  if (typeof given !== 'object' || given === null) return [];
  return Object.values(given)
    .filter(
      (record): record is TableRecord =>
        typeof record === 'object' && record !== null && typeof (record as TableRecord).values === 'object',
    )
    .sort((a, b) =>
      String(a.orderIndex) < String(b.orderIndex) ? -1 : String(a.orderIndex) > String(b.orderIndex) ? 1 : 0,
    );
}

function viewOf(block: DocBlock): Record<string, unknown> {
  const view = block.data?.view;
  return typeof view === 'object' && view !== null ? (view as Record<string, unknown>) : { type: 'grid' };
}

function columnIds(view: Record<string, unknown>, definitions: Map<string, Definition>): string[] {
  const columns = Array.isArray(view.columns)
    ? view.columns.filter((id): id is string => typeof id === 'string')
    : [];
  return columns.filter((id) => definitions.has(id));
}

/** An image cell: a reference, or GitBook's record with its reference and alt text. */
function imageOfValue(value: unknown): { ref: DocRef | undefined; alt: string } {
  const direct = refOf(value);
  if (direct) return { ref: direct, alt: '' };
  if (typeof value === 'object' && value !== null) {
    const { ref, alt } = value as { ref?: unknown; alt?: unknown };
    return { ref: refOf(ref), alt: typeof alt === 'string' ? alt : '' };
  }
  return { ref: undefined, alt: '' };
}

function RefLink({
  rendering,
  ref,
  children,
}: {
  rendering: DocumentRendering;
  ref: DocRef;
  children?: ReactNode;
}) {
  const page = ref.kind === 'page' || ref.kind === 'anchor' ? rendering.pageOf(ref) : undefined;
  const file = ref.kind === 'file' ? rendering.fileOf(ref) : undefined;
  const href = page?.href ?? file?.url ?? rendering.hrefOf(ref);
  const label = children ?? page?.title ?? file?.name ?? rendering.nameOf(ref) ?? href ?? ref.kind;
  return href ? <a href={href}>{label}</a> : <span>{label}</span>;
}

function Cell({ block, definition, value }: { block: DocBlock; definition: Definition; value: unknown }) {
  const rendering = useRendering();
  if (value === null || value === undefined) return null;
  switch (definition.type) {
    case 'text': {
      const fragment = typeof value === 'string' ? fragmentNamed(block, value) : undefined;
      if (fragment) return <Blocks blocks={fragment.nodes} tight />;
      return typeof value === 'string' ? value : null;
    }
    case 'number':
      return typeof value === 'number' ? value.toLocaleString() : null;
    case 'checkbox':
      return (
        <input
          type="checkbox"
          checked={value === true}
          readOnly
          disabled
          aria-label={definition.title || 'Checked'}
        />
      );
    case 'rating': {
      const max = Math.min(typeof definition.max === 'number' ? definition.max : 5, 10);
      const stars = typeof value === 'number' ? Math.max(0, Math.min(Math.round(value), max)) : 0;
      return (
        <span role="img" aria-label={`${stars} out of ${max}`}>
          {'★'.repeat(stars)}
          {'☆'.repeat(max - stars)}
        </span>
      );
    }
    case 'select': {
      const chosen = Array.isArray(value) ? value : [value];
      const labels = chosen
        .filter((option): option is string => typeof option === 'string')
        .map((option) => definition.options?.find((known) => known.value === option)?.label ?? option);
      return (
        <>
          {labels.map((label) => (
            <span key={label} className="doc-select-option">
              {label}
            </span>
          ))}
        </>
      );
    }
    case 'files':
    case 'users': {
      const ids = (Array.isArray(value) ? value : [value]).filter(
        (id): id is string => typeof id === 'string',
      );
      return (
        <>
          {ids.map((id, index) => (
            <span key={id}>
              {index > 0 && ', '}
              <RefLink
                rendering={rendering}
                ref={definition.type === 'files' ? { kind: 'file', file: id } : { kind: 'user', user: id }}
              />
            </span>
          ))}
        </>
      );
    }
    case 'content-ref': {
      const ref = refOf(value);
      return ref ? <RefLink rendering={rendering} ref={ref} /> : null;
    }
    case 'image': {
      const { ref, alt } = imageOfValue(value);
      const src = imageUrlOf(rendering, ref);
      return src ? <img className="doc-table-image" src={src} alt={alt} loading="lazy" /> : null;
    }
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  }
}

function alignmentOf(definition: Definition): 'center' | 'right' | undefined {
  return definition.textAlignment === 'center' || definition.textAlignment === 'right'
    ? definition.textAlignment
    : definition.type === 'number'
      ? 'right'
      : undefined;
}

export function TableBlock({ block }: { block: DocBlock }) {
  const view = viewOf(block);
  if (view.type === 'cards') return <CardsBlock block={block} view={view} />;
  const definitions = definitionsOf(block);
  const columns = columnIds(view, definitions);
  const records = recordsOf(block);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region is reached by keyboard
    <section className="doc-table-scroller" tabIndex={0} aria-label="Table">
      <table className="doc-table">
        {view.hideHeader !== true && (
          <thead>
            <tr>
              {columns.map((id) => (
                <th key={id} scope="col" style={{ textAlign: alignmentOf(definitions.get(id)!) }}>
                  {definitions.get(id)!.title}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {records.map((record, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: records are in their order
            <tr key={index}>
              {columns.map((id) => (
                <td key={id} style={{ textAlign: alignmentOf(definitions.get(id)!) }}>
                  <Cell block={block} definition={definitions.get(id)!} value={record.values[id]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function CardsBlock({ block, view }: { block: DocBlock; view: Record<string, unknown> }) {
  const rendering = useRendering();
  const definitions = definitionsOf(block);
  const target = typeof view.targetDefinition === 'string' ? view.targetDefinition : undefined;
  const cover = typeof view.coverDefinition === 'string' ? view.coverDefinition : undefined;
  const coverDark = typeof view.coverDefinitionDark === 'string' ? view.coverDefinitionDark : undefined;
  const columns = columnIds(view, definitions).filter(
    (id) => id !== target && id !== cover && id !== coverDark,
  );
  const large = view.cardSize === 'large';
  return (
    <ul
      className={`doc-cards${large ? ' doc-cards-large' : ''}${view.wrap === false ? ' doc-cards-row' : ''}`}
    >
      {recordsOf(block).map((record, index) => {
        const targetRef = target ? refOf(record.values[target]) : undefined;
        const targetPage =
          targetRef && (targetRef.kind === 'page' || targetRef.kind === 'anchor')
            ? rendering.pageOf(targetRef)
            : undefined;
        const href = targetRef ? (targetPage?.href ?? rendering.hrefOf(targetRef)) : undefined;
        const coverImage = cover ? imageOfValue(record.values[cover]) : undefined;
        const coverSrc = imageUrlOf(rendering, coverImage?.ref);
        const darkSrc = coverDark
          ? imageUrlOf(rendering, imageOfValue(record.values[coverDark]).ref)
          : undefined;
        const title = columns
          .map((id) => {
            const value = record.values[id];
            return typeof value === 'string' ? textOfFragment(fragmentNamed(block, value)) : '';
          })
          .find((text) => text.trim() !== '');
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: cards are in their records' order
          <li key={index} className={href ? 'doc-card doc-card-linked' : 'doc-card'}>
            {coverSrc && (
              <picture className="doc-card-cover">
                {darkSrc && <source srcSet={darkSrc} media="(prefers-color-scheme: dark)" />}
                <img src={coverSrc} alt={coverImage?.alt ?? ''} loading="lazy" />
              </picture>
            )}
            <div className="doc-card-body">
              {columns.map((id) => (
                <div key={id} className="doc-card-field">
                  {view.hideColumnTitle === false && (
                    <span className="doc-card-field-title">{definitions.get(id)!.title}</span>
                  )}
                  <Cell block={block} definition={definitions.get(id)!} value={record.values[id]} />
                </div>
              ))}
            </div>
            {href && (
              // The whole card is the link's area (CSS), named by the card's first text.
              <a
                className="doc-card-link"
                href={href}
                aria-label={title ? title.trim() : (targetPage?.title ?? href)}
                {...(isExternal(href) ? { rel: 'noopener noreferrer' } : {})}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
