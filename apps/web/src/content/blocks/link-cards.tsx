/**
 * Blocks that point elsewhere, as cards: a file (a download card with its name, type and
 * size), an embed (a link card to its URL: never an iframe, since the app's and the reader's
 * Content-Security-Policy allow frames from no other origin, and a page's author must not put
 * another site's scripts in front of its readers), a content reference (the page's card), an
 * integration block (a card naming it; Quire runs no integration code) and GitBook's OpenAPI
 * blocks that have no renderer where they are shown.
 */

import type { ReactNode } from 'react';
import type { FileByUrl } from '../file-by-url-syntax';
import { type DocBlock, fragmentNamed, refOf, stringOf } from './document-shape';
import { textOfFragment } from './document-text';
import { SvgIcon } from './icons';
import { useRendering } from './render-context';
import { hostOf, isExternal, safeUrl } from './safe-url';

function Card({
  href,
  icon,
  title,
  detail,
  className,
  download,
}: {
  href?: string | undefined;
  icon: string;
  title: ReactNode;
  detail?: ReactNode;
  className: string;
  download?: boolean;
}) {
  const content = (
    <>
      <span className="doc-link-card-icon">
        <SvgIcon name={icon} />
      </span>
      <span className="doc-link-card-text">
        <span className="doc-link-card-title">{title}</span>
        {detail && <span className="doc-link-card-detail">{detail}</span>}
      </span>
    </>
  );
  if (!href) return <div className={`doc-link-card ${className}`}>{content}</div>;
  return (
    <a
      className={`doc-link-card ${className}`}
      href={href}
      {...(download ? { download: '' } : {})}
      {...(isExternal(href) ? { rel: 'noopener noreferrer' } : {})}
    >
      {content}
    </a>
  );
}

/** A size in bytes as people read it (`2.4 MB`). */
export function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export function FileBlock({ block }: { block: DocBlock }) {
  const rendering = useRendering();
  const ref = refOf(block.data?.ref);
  const file = ref ? rendering.fileOf(ref) : undefined;
  const href = file ? safeUrl(file.url) : ref ? rendering.hrefOf(ref) : undefined;
  const name = file?.name ?? (ref?.kind === 'file' ? ref.file.split('/').pop() : undefined) ?? 'File';
  const caption = textOfFragment(fragmentNamed(block, 'caption')) || stringOf(block.data, 'caption');
  const detail = [caption, file?.contentType, file?.size !== undefined ? readableSize(file.size) : undefined]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card
      className="doc-file"
      href={href}
      icon="download"
      title={name}
      detail={detail || 'Download'}
      download
    />
  );
}

/** GitBook's file given by address (`{% file src="https://..." %}`): named by its file name. */
export function FileByUrlCard({ file }: { file: FileByUrl }) {
  const href = safeUrl(file.src);
  let name = 'File';
  try {
    name = decodeURIComponent(new URL(file.src).pathname.split('/').pop() ?? '') || 'File';
  } catch {
    // An address URL cannot read: named "File".
  }
  return (
    <Card
      className="doc-file"
      href={href}
      icon="download"
      title={name}
      detail={file.caption || 'Download'}
      download
    />
  );
}

export function EmbedBlock({ block }: { block: DocBlock }) {
  const url = stringOf(block.data, 'url');
  const href = safeUrl(url);
  return (
    <Card
      className="doc-embed"
      href={href}
      icon="globe"
      title={href ? hostOf(href) : 'An embed'}
      detail={href ?? (url ? `Not a web address: ${url}` : undefined)}
    />
  );
}

export function ContentRefBlock({ block }: { block: DocBlock }) {
  const rendering = useRendering();
  const ref = refOf(block.data?.ref);
  if (!ref) return <Card className="doc-content-ref" icon="file" title="A missing reference" />;
  const page = ref.kind === 'page' || ref.kind === 'anchor' ? rendering.pageOf(ref) : undefined;
  const file = ref.kind === 'file' ? rendering.fileOf(ref) : undefined;
  const href = page?.href ?? file?.url ?? rendering.hrefOf(ref);
  const title =
    page?.title ??
    file?.name ??
    rendering.nameOf(ref) ??
    (ref.kind === 'url' ? hostOf(ref.url) : (href ?? 'A page'));
  return (
    <Card
      className="doc-content-ref"
      href={href}
      icon={ref.kind === 'url' ? 'globe' : ref.kind === 'file' ? 'file' : 'book'}
      title={
        <>
          {page?.emoji && <span aria-hidden="true">{page.emoji} </span>}
          {title}
        </>
      }
      detail={page?.description ?? (ref.kind === 'url' ? ref.url : undefined)}
    />
  );
}

export function IntegrationBlock({ block }: { block: DocBlock }) {
  const name = stringOf(block.data, 'integration') ?? 'an integration';
  const url = safeUrl(stringOf(block.data, 'url'));
  return (
    <Card
      className="doc-integration"
      href={url}
      icon="gear"
      title={url ? hostOf(url) : `A block of ${name}`}
      detail={url ? `Through ${name}` : 'Integrations do not run in Quire'}
    />
  );
}

const OPENAPI_KINDS: Readonly<Record<string, string>> = {
  swagger: 'API operation',
  'openapi-operation': 'API operation',
  'openapi-schemas': 'API schemas',
  'openapi-webhook': 'API webhook',
};

export function OpenApiBlock({ block }: { block: DocBlock }) {
  const rendering = useRendering();
  const data = block.data;
  const ref = refOf(data?.ref);
  const method = stringOf(data, 'method') ?? '';
  const path = stringOf(data, 'path') ?? '';
  if (block.type === 'openapi-operation' && ref?.kind === 'openapi' && rendering.OpenApiOperation)
    return <rendering.OpenApiOperation spec={ref.spec} path={path} method={method} />;
  const what =
    block.type === 'openapi-schemas'
      ? (Array.isArray(data?.schemas) ? data.schemas.filter((name) => typeof name === 'string') : []).join(
          ', ',
        )
      : block.type === 'openapi-webhook'
        ? `${method.toUpperCase()} ${stringOf(data, 'name') ?? ''}`
        : `${method.toUpperCase()} ${path}`;
  const source = ref?.kind === 'openapi' ? ref.spec : ref?.kind === 'url' ? hostOf(ref.url) : undefined;
  return (
    <Card
      className="doc-openapi"
      icon="link"
      title={stringOf(data, 'title') ?? (what.trim() || OPENAPI_KINDS[block.type])}
      detail={[OPENAPI_KINDS[block.type], source].filter(Boolean).join(' · ')}
    />
  );
}
