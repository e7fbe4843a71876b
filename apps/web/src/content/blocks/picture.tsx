/**
 * An image of the content: its URL from its reference (a file's URL where the place knows it,
 * never a URL a browser would run), its size, and its dark variant as a `<picture>` source the
 * browser picks under `prefers-color-scheme: dark`. Also the inline image of a paragraph.
 */
import { type DocInline, type DocRef, refOf, stringOf } from './document-shape';
import { type DocumentRendering, useRendering } from './render-context';
import { safeUrl } from './safe-url';

/** Where an image of a reference is read from (a file's URL when the place knows it). */
export function imageUrlOf(rendering: DocumentRendering, ref: DocRef | undefined): string | undefined {
  if (!ref) return undefined;
  if (ref.kind === 'file') return safeUrl(rendering.fileOf(ref)?.url ?? rendering.hrefOf(ref));
  return ref.kind === 'url' ? safeUrl(ref.url) : undefined;
}

/** GitBook's `Length`: a number of pixels, or a value with its unit (`%`, `px`). */
export function cssLength(length: unknown): string | undefined {
  if (typeof length === 'number' && Number.isFinite(length) && length > 0)
    return `${Math.min(length, 4000)}px`;
  if (typeof length === 'object' && length !== null) {
    const { unit, value } = length as { unit?: unknown; value?: unknown };
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined;
    if (unit === '%') return `${Math.min(value, 100)}%`;
    if (unit === 'px') return `${Math.min(value, 4000)}px`;
  }
  return undefined;
}

export function Picture({
  src,
  darkSrc,
  alt,
  title,
  width,
  height,
  className,
}: {
  src: string;
  darkSrc?: string | undefined;
  alt: string;
  title?: string | undefined;
  width?: string | undefined;
  height?: string | undefined;
  className: string;
}) {
  const img = (
    <img
      className={className}
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      {...(title ? { title } : {})}
      {...(width || height ? { style: { width, height: height ?? 'auto' } } : {})}
    />
  );
  if (!darkSrc) return img;
  return (
    <picture>
      <source srcSet={darkSrc} media="(prefers-color-scheme: dark)" />
      {img}
    </picture>
  );
}

export function InlineImage({ inline }: { inline: DocInline }) {
  const rendering = useRendering();
  const data = inline.data;
  const src = imageUrlOf(rendering, refOf(data?.ref));
  const alt = stringOf(data, 'alt') ?? '';
  if (!src) return alt ? <span>{alt}</span> : null;
  return (
    <Picture
      src={src}
      darkSrc={imageUrlOf(rendering, refOf(data?.refDark))}
      alt={alt}
      title={stringOf(data, 'caption')}
      className={
        stringOf(data, 'size') === 'line' ? 'doc-inline-image doc-inline-image-line' : 'doc-inline-image'
      }
    />
  );
}
