/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * GitBook's tables: the grid view as an HTML table (scrolling sideways inside its own box, so a
 * wide table never widens the page), the cards view as a grid of cards, each a link when the
 * table names a target column and with its cover image when it names one. Records are shown in
 * their `orderIndex` order; each value by its column's type.
 */
import type {
  ContentRef,
  DocumentBlockTable,
  DocumentTableDefinition,
  DocumentTableRecord,
  DocumentTableValue,
} from '@quire/documents/document-types';
import type { ReactNode } from 'react';
import type { DocumentContext } from './document-context';
import { fragmentNamed } from './fragments';
import { hrefOfRef, linkAttributes, srcOfImage } from './inlines';

const orderedRecords = (block: DocumentBlockTable): DocumentTableRecord[] =>
  Object.values(block.data.records ?? {}).sort((a, b) =>
    a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0,
  );

const isRef = (value: DocumentTableValue): value is ContentRef =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  typeof (value as { kind?: unknown }).kind === 'string';

function Cell({
  block,
  definition,
  value,
  context,
}: {
  block: DocumentBlockTable;
  definition: DocumentTableDefinition | undefined;
  value: DocumentTableValue | undefined;
  context: DocumentContext;
}): ReactNode {
  if (value === undefined || value === null || !definition) return null;
  switch (definition.type) {
    case 'text':
      return typeof value === 'string'
        ? context.blocks(fragmentNamed(block.fragments, value)?.nodes, context)
        : null;
    case 'number':
      return typeof value === 'number' || typeof value === 'string' ? String(value) : null;
    case 'checkbox':
      return (
        <span role="img" aria-label={value === true ? 'Yes' : 'No'}>
          {value === true ? '✓' : '—'}
        </span>
      );
    case 'rating': {
      const stars =
        typeof value === 'number' ? Math.max(0, Math.min(definition.max ?? 5, Math.round(value))) : 0;
      return (
        <span role="img" aria-label={`${stars} of ${definition.max ?? 5}`}>
          {'★'.repeat(stars)}
        </span>
      );
    }
    case 'select': {
      const chosen = Array.isArray(value) ? value : [String(value)];
      const labels = chosen.map(
        (option) => definition.options?.find((item) => item.value === option)?.label ?? option,
      );
      return labels.join(', ');
    }
    case 'content-ref': {
      if (!isRef(value)) return null;
      const href = hrefOfRef(value, context);
      const title = value.kind === 'page' ? context.links.page(value.page, value.space)?.title : href;
      return href ? (
        <a href={href} {...linkAttributes(href, context)}>
          {title ?? href}
        </a>
      ) : null;
    }
    case 'files':
    case 'image': {
      const ids = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
      return ids.map((id) => {
        const file = context.links.file(id);
        const src = srcOfImage({ kind: 'file', file: id }, context);
        if (!file || !src) return null;
        return file.contentType.startsWith('image/') ? (
          <img
            key={id}
            src={src}
            alt={file.name}
            loading="lazy"
            decoding="async"
            width={file.width}
            height={file.height}
          />
        ) : (
          <a key={id} href={src} download={file.name}>
            {file.name}
          </a>
        );
      });
    }
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  }
}

function coverOf(
  record: DocumentTableRecord,
  column: string | undefined,
  context: DocumentContext,
): string | undefined {
  if (column === undefined) return undefined;
  const value = record.values[column];
  const id = Array.isArray(value) ? value[0] : typeof value === 'string' ? value : undefined;
  if (isRef(value as DocumentTableValue)) {
    const ref = value as ContentRef;
    if (ref.kind === 'url' || ref.kind === 'file') return srcOfImage(ref, context);
    return undefined;
  }
  return id === undefined ? undefined : srcOfImage({ kind: 'file', file: id }, context);
}

export function TableBlock({ block, context }: { block: DocumentBlockTable; context: DocumentContext }) {
  const { view, definition } = block.data;
  const records = orderedRecords(block);
  const columns = view.columns.filter((column) => definition[column] !== undefined);
  if (view.type === 'cards') {
    return (
      <div className={`cards cards-${view.cardSize === 'large' ? 'large' : 'medium'}`}>
        {records.map((record) => {
          const target = view.targetDefinition ? record.values[view.targetDefinition] : undefined;
          const href =
            target !== undefined && isRef(target as DocumentTableValue)
              ? hrefOfRef(target as ContentRef, context)
              : undefined;
          const cover = coverOf(record, view.coverDefinition, context);
          const coverDark = coverOf(record, view.coverDefinitionDark, context);
          const body = (
            <>
              {cover ? (
                <img
                  className={coverDark ? 'card-cover light-only' : 'card-cover'}
                  src={cover}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              {coverDark ? (
                <img
                  className="card-cover dark-only"
                  src={coverDark}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              <div className="card-body">
                {columns.map((column) => (
                  <div key={column} className="card-field">
                    <Cell
                      block={block}
                      definition={definition[column]}
                      value={record.values[column]}
                      context={context}
                    />
                  </div>
                ))}
              </div>
            </>
          );
          return href ? (
            <a key={record.orderIndex} className="card" href={href} {...linkAttributes(href, context)}>
              {body}
            </a>
          ) : (
            <div key={record.orderIndex} className="card">
              {body}
            </div>
          );
        })}
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways is reached by keyboard
    <section className="table-wrap" aria-label="Table" tabIndex={0}>
      <table>
        {view.hideHeader ? null : (
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {definition[column]?.title}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {records.map((record) => (
            <tr key={record.orderIndex}>
              {columns.map((column) => {
                const def = definition[column];
                const align = def?.type === 'text' ? def.textAlignment : undefined;
                return (
                  <td key={column} className={align && align !== 'left' ? `align-${align}` : undefined}>
                    <Cell block={block} definition={def} value={record.values[column]} context={context} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
