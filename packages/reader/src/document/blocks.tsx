/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * Every block of GitBook's document model as HTML a reader reads without JavaScript: tabs
 * switch with radio inputs and CSS, expandables are `<details>`, steppers ordered lists, cards
 * and content references links. Blocks Quire cannot show as GitBook does say what they are
 * (an integration's block names it; a formula shows its TeX). An unknown block renders nothing;
 * a tree deeper than `MAX_DEPTH` stops there.
 */
import type {
  DocumentBlock,
  DocumentBlockListItem,
  DocumentLength,
  DocumentTopLevelBlock,
} from '@quire/documents/document-types';
import { Fragment, type ReactNode, useId } from 'react';
import { CodeBlock } from './code-block';
import { type DocumentContext, deeper, MAX_DEPTH } from './document-context';
import { fragmentNamed } from './fragments';
import { HINT_ICONS, Icon } from './icon';
import { hrefOfRef, Inlines, linkAttributes, srcOfImage, textOf } from './inlines';
import { MathBlock } from './math';
import {
  OpenApiOperationBlock,
  OpenApiSchemasBlock,
  OpenApiWebhookBlock,
  SwaggerBlock,
} from './openapi-blocks';
import { TableBlock } from './table-block';

const ALIGN_CLASS = { start: undefined, center: 'align-center', end: 'align-end' } as const;

export function Blocks({
  nodes,
  context,
}: {
  nodes: readonly DocumentBlock[] | undefined;
  context: DocumentContext;
}) {
  if (!nodes || context.depth > MAX_DEPTH) return null;
  const inner = deeper(context);
  return (
    <>
      {nodes.map((block, index) => (
        <Block key={block.key ?? `at-${index}`} block={block} context={inner} />
      ))}
    </>
  );
}

/** For the blocks' own components (tables) that nest blocks: `DocumentContext.blocks`. */
export const renderBlocks: DocumentContext['blocks'] = (nodes, context) => (
  <Blocks nodes={nodes} context={context} />
);

/** A length as CSS: pixels, or a value with its unit (percent, em...). */
export function cssLength(length: DocumentLength | undefined): string | undefined {
  if (length === undefined) return undefined;
  if (typeof length === 'number') return Number.isFinite(length) && length > 0 ? `${length}px` : undefined;
  const unit = /^(%|px|em|rem|vw)$/.test(length.unit) ? length.unit : undefined;
  return unit && Number.isFinite(length.value) && length.value > 0 ? `${length.value}${unit}` : undefined;
}

function Heading({
  block,
  context,
}: {
  block: Extract<DocumentBlock, { type: `heading-${1 | 2 | 3}` }>;
  context: DocumentContext;
}) {
  const Tag = ({ 'heading-1': 'h2', 'heading-2': 'h3', 'heading-3': 'h4' } as const)[block.type];
  const id = context.anchors.get(block);
  const align = ALIGN_CLASS[block.data?.align ?? 'start'];
  return (
    <Tag id={id} className={align}>
      <Inlines nodes={block.nodes} context={context} />
      {id ? (
        <a className="anchor" href={`#${id}`} aria-label={`Link to ${textOf(block.nodes)}`}>
          #
        </a>
      ) : null}
    </Tag>
  );
}

function ListItem({
  item,
  context,
  task,
}: {
  item: DocumentBlockListItem;
  context: DocumentContext;
  task: boolean;
}) {
  const checked = item.data?.checked === true;
  return (
    <li className={task ? (checked ? 'task done' : 'task') : undefined}>
      {task ? (
        <span className="task-box" role="img" aria-label={checked ? 'Done' : 'Not done'}>
          {checked ? '✓' : ''}
        </span>
      ) : null}
      <Blocks nodes={item.nodes} context={context} />
    </li>
  );
}

function Figure({
  block,
  context,
}: {
  block: Extract<DocumentBlock, { type: 'image' }>;
  context: DocumentContext;
}) {
  const src = srcOfImage(block.data.ref, context);
  const dark = srcOfImage(block.data.refDark, context);
  const caption = fragmentNamed(block.fragments, 'caption');
  const captionText = caption
    ? textOf(caption.nodes.flatMap((node) => (node as { nodes?: unknown[] }).nodes ?? []))
    : '';
  const alt = block.data.alt ?? captionText;
  const file =
    block.data.ref.kind === 'file'
      ? context.links.file(block.data.ref.file, block.data.ref.space)
      : undefined;
  const width = cssLength(block.data.width);
  const sized = {
    ...(file?.width ? { width: file.width } : {}),
    ...(file?.height ? { height: file.height } : {}),
    style: width ? { width } : undefined,
  };
  return (
    <figure className="figure">
      {src ? (
        <>
          <img
            className={dark ? 'light-only' : undefined}
            src={src}
            alt={alt}
            loading="lazy"
            decoding="async"
            {...sized}
          />
          {dark ? (
            <img className="dark-only" src={dark} alt={alt} loading="lazy" decoding="async" {...sized} />
          ) : null}
        </>
      ) : (
        <span className="missing-image">{alt || 'Image'}</span>
      )}
      {caption && captionText !== '' ? (
        <figcaption>
          <Blocks nodes={caption.nodes} context={context} />
        </figcaption>
      ) : null}
    </figure>
  );
}

function Tabs({
  block,
  context,
}: {
  block: Extract<DocumentBlock, { type: 'tabs' }>;
  context: DocumentContext;
}) {
  const id = useId();
  return (
    <div className="tabs">
      {block.nodes.map((tab, index) => {
        const inputId = `${id}-${index}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: tabs are known by their place
          <Fragment key={index}>
            <input type="radio" className="tab-radio" name={id} id={inputId} defaultChecked={index === 0} />
            <label className="tab-label" htmlFor={inputId}>
              {tab.data?.icon ? <Icon name={tab.data.icon} /> : null}
              {tab.data?.title || `Tab ${index + 1}`}
            </label>
            <div className="tab-panel">
              <Blocks nodes={tab.nodes} context={context} />
            </div>
          </Fragment>
        );
      })}
    </div>
  );
}

function Expandable({
  block,
  context,
}: {
  block: Extract<DocumentBlock, { type: 'expandable' }>;
  context: DocumentContext;
}) {
  const title = fragmentNamed(block.fragments, 'expandable-title');
  const body = fragmentNamed(block.fragments, 'expandable-body');
  return (
    <details className="expandable" open={block.data?.defaultExpanded === true}>
      <summary>
        {title ? (
          <Inlines
            nodes={title.nodes.flatMap((node) => (node as { nodes?: never[] }).nodes ?? [])}
            context={context}
          />
        ) : (
          'Details'
        )}
      </summary>
      <div className="expandable-body">
        <Blocks nodes={body?.nodes} context={context} />
      </div>
    </details>
  );
}

function ContentRefCard({
  block,
  context,
}: {
  block: Extract<DocumentBlock, { type: 'content-ref' }>;
  context: DocumentContext;
}) {
  const ref = block.data.ref;
  const href = hrefOfRef(ref, context);
  const title =
    ref.kind === 'page'
      ? context.links.page(ref.page, ref.space)?.title
      : ref.kind === 'file'
        ? context.links.file(ref.file, ref.space)?.name
        : ref.kind === 'space'
          ? context.links.space?.(ref.space)?.title
          : href;
  if (!href) return null;
  return (
    <a className="content-ref" href={href} {...linkAttributes(href, context)}>
      <span className="content-ref-title">{title ?? href}</span>
      <span className="content-ref-arrow" aria-hidden="true">
        →
      </span>
    </a>
  );
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const UPDATE_FORMATS: Record<string, Intl.DateTimeFormatOptions> = {
  numeric: { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' },
  short: { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' },
  full: { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long', timeZone: 'UTC' },
};

function formatDate(date: string, format: string): string {
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat('en', UPDATE_FORMATS[format] ?? UPDATE_FORMATS.short).format(parsed);
}

function Block({ block, context }: { block: DocumentBlock; context: DocumentContext }): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return (
        <p className={ALIGN_CLASS[block.data?.align ?? 'start']}>
          <Inlines nodes={block.nodes} context={context} />
        </p>
      );
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return <Heading block={block} context={context} />;
    case 'divider':
      return <hr />;
    case 'list-unordered':
      return (
        <ul>
          {block.nodes.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items are known by their place
            <ListItem key={index} item={item} context={context} task={false} />
          ))}
        </ul>
      );
    case 'list-tasks':
      return (
        <ul className="tasks">
          {block.nodes.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <ListItem key={index} item={item} context={context} task />
          ))}
        </ul>
      );
    case 'list-ordered':
      return (
        <ol start={block.data?.start !== undefined && block.data.start !== 1 ? block.data.start : undefined}>
          {block.nodes.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <ListItem key={index} item={item} context={context} task={false} />
          ))}
        </ol>
      );
    case 'list-item':
      return <ListItem item={block} context={context} task={false} />;
    case 'blockquote':
      return (
        <blockquote>
          <Blocks nodes={block.nodes} context={context} />
        </blockquote>
      );
    case 'hint': {
      const style = ['info', 'warning', 'danger', 'success'].includes(block.data.style)
        ? block.data.style
        : 'info';
      return (
        <div className={`hint hint-${style}`} role="note">
          <span className="hint-icon" aria-hidden="true">
            <Icon name={HINT_ICONS[style] ?? 'circle-info'} />
          </span>
          <div className="hint-body">
            <Blocks nodes={block.nodes} context={context} />
          </div>
        </div>
      );
    }
    case 'code':
      return <CodeBlock block={block} context={context} />;
    case 'code-line':
      return null;
    case 'images':
      return (
        <div
          className={`images align-${block.data?.align ?? 'center'}${block.data?.withFrame ? ' framed' : ''}`}
        >
          <Blocks nodes={block.nodes} context={context} />
        </div>
      );
    case 'image':
      return <Figure block={block} context={context} />;
    case 'math':
      return <MathBlock formula={block.data.formula} budget={context.math} />;
    case 'embed': {
      const href = hrefOfRef({ kind: 'url', url: block.data.url } as never, context);
      return href ? (
        <a className="embed" href={href} {...linkAttributes(href, context)}>
          <span className="embed-host">{hostOf(href)}</span>
          <span className="embed-url">{href}</span>
        </a>
      ) : null;
    }
    case 'file': {
      const file = context.links.file(block.data.ref.file, block.data.ref.space);
      const href = file ? hrefOfRef(block.data.ref, context) : undefined;
      return file && href ? (
        <a className="file" href={href} download={file.name}>
          <span className="file-name">{file.name}</span>
          <span className="file-size">{formatSize(file.size)}</span>
        </a>
      ) : null;
    }
    case 'drawing': {
      const src = block.data.ref ? srcOfImage(block.data.ref, context) : undefined;
      return src ? (
        <figure className="figure drawing">
          <img src={src} alt="Drawing" loading="lazy" decoding="async" />
        </figure>
      ) : null;
    }
    case 'content-ref':
      return <ContentRefCard block={block} context={context} />;
    case 'expandable':
      return <Expandable block={block} context={context} />;
    case 'tabs':
      return <Tabs block={block} context={context} />;
    case 'tabs-item':
      return <Blocks nodes={block.nodes} context={context} />;
    case 'stepper':
      return (
        <ol className="stepper">
          {block.nodes.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are known by their place
            <li key={index} className="step">
              <Blocks nodes={step.nodes} context={context} />
            </li>
          ))}
        </ol>
      );
    case 'stepper-step':
      return <Blocks nodes={block.nodes} context={context} />;
    case 'columns':
      return (
        <div className="columns">
          {block.nodes.map((column, index) => {
            const width = cssLength(column.data?.width);
            return (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are known by their place
                key={index}
                className={`column valign-${column.data?.verticalAlignment ?? 'top'}`}
                style={width ? { flexBasis: width } : undefined}
              >
                <Blocks nodes={column.nodes} context={context} />
              </div>
            );
          })}
        </div>
      );
    case 'column':
      return <Blocks nodes={block.nodes} context={context} />;
    case 'table':
      return <TableBlock block={block} context={context} />;
    case 'updates':
      return (
        <div className="updates">
          {block.nodes.map((update, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: updates are known by their place
            <article key={index} className="update">
              <time dateTime={update.data.date}>
                {formatDate(update.data.date, block.data?.format ?? 'short')}
              </time>
              {(update.data.tags ?? []).length > 0 ? (
                <ul className="update-tags">
                  {(update.data.tags ?? []).map((tag) => (
                    <li key={tag.tag}>{tag.tag}</li>
                  ))}
                </ul>
              ) : null}
              <div className="update-body">
                <Blocks nodes={update.nodes} context={context} />
              </div>
            </article>
          ))}
        </div>
      );
    case 'update':
      return <Blocks nodes={block.nodes} context={context} />;
    case 'if':
      return context.condition(block.data.expression) ? (
        <Blocks nodes={block.nodes} context={context} />
      ) : null;
    case 'prompt':
      return (
        <div className="prompt">
          <p className="prompt-description">{block.data.description}</p>
          <Blocks nodes={block.nodes} context={context} />
        </div>
      );
    case 'integration': {
      const href = block.data.url
        ? hrefOfRef({ kind: 'url', url: block.data.url } as never, context)
        : undefined;
      return (
        <div className="integration">
          {href ? (
            <a href={href} {...linkAttributes(href, context)}>
              {block.data.integration}: {hostOf(href)}
            </a>
          ) : (
            <span>{block.data.integration}</span>
          )}
        </div>
      );
    }
    case 'reusable-content':
      // Included by the read (`dereferenced`); one left is a reusable content the visitor cannot read.
      return null;
    case 'openapi-operation':
      return <OpenApiOperationBlock block={block} context={context} />;
    case 'openapi-schemas':
      return <OpenApiSchemasBlock block={block} context={context} />;
    case 'openapi-webhook':
      return <OpenApiWebhookBlock block={block} context={context} />;
    case 'swagger':
      return <SwaggerBlock block={block} />;
    default:
      return null;
  }
}

export type { DocumentTopLevelBlock };
