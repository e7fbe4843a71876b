/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * A block's inline content: text with its marks, links rewritten to the site's addresses,
 * images, emoji, icons, math (its TeX source), mentions, buttons and annotations. Every text
 * goes through React (escaped); an address that is not http(s), mail or the site's own is
 * never a link (`safe-url.ts`): its text is shown without it.
 */
import type {
  DocumentBlock,
  DocumentInline,
  DocumentInlineContent,
  DocumentLeaf,
  DocumentMark,
  ImageRef,
  LinkRef,
} from '@quire/documents/document-types';
import { Fragment, type ReactNode } from 'react';
import { safeHref, safeImageSrc } from '../safe-url';
import type { DocumentContext } from './document-context';
import { Icon } from './icon';
import { InlineMath } from './math';

/** The address a link reference leads to on the site, or undefined. */
export function hrefOfRef(ref: LinkRef | { kind: string }, context: DocumentContext): string | undefined {
  switch (ref.kind) {
    case 'url':
      return safeHref((ref as { url: string }).url);
    case 'page': {
      const { page, space } = ref as { page: string; space?: string };
      return context.links.page(page, space)?.href;
    }
    case 'anchor': {
      const { anchor, page, space } = ref as { anchor: string; page?: string; space?: string };
      const base = page === undefined ? '' : context.links.page(page, space)?.href;
      return base === undefined ? undefined : `${base}#${encodeURIComponent(anchor)}`;
    }
    case 'file': {
      const { file, space } = ref as { file: string; space?: string };
      return safeHref(context.links.file(file, space)?.url);
    }
    case 'space': {
      const { space } = ref as unknown as { space: string };
      return context.links.space?.(space)?.href;
    }
    default:
      return undefined;
  }
}

/** An image reference's address (a URL or a file of the revision), or undefined. */
export function srcOfImage(ref: ImageRef | undefined, context: DocumentContext): string | undefined {
  if (!ref) return undefined;
  if (ref.kind === 'url') return safeImageSrc(ref.url);
  return safeImageSrc(context.links.file(ref.file, ref.space)?.url);
}

const isExternal = (href: string): boolean => /^https?:/i.test(href);

/** Attributes of a link: a new tab for other sites when the site asks, never the opener. */
export const linkAttributes = (href: string, context: DocumentContext) =>
  isExternal(href) && context.externalInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};

const SIMPLE_MARKS: Record<string, string> = {
  bold: 'strong',
  italic: 'em',
  strikethrough: 's',
  code: 'code',
  keyboard: 'kbd',
  superscript: 'sup',
  subscript: 'sub',
};

const COLOR = /^\$?[a-z]+$/;

function withMark(content: ReactNode, mark: DocumentMark, key: number): ReactNode {
  if (mark.type === 'color') {
    const { text, background } = mark.data;
    const classes = [
      text !== 'default' && COLOR.test(text) ? `color-${text.replace('$', '')}` : '',
      background !== 'default' && COLOR.test(background) ? `bg-${background.replace('$', '')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return classes ? (
      <span key={key} className={classes}>
        {content}
      </span>
    ) : (
      content
    );
  }
  const Tag = SIMPLE_MARKS[mark.type] as 'strong' | undefined;
  return Tag ? <Tag key={key}>{content}</Tag> : content;
}

function Leaf({ leaf }: { leaf: DocumentLeaf }): ReactNode {
  let content: ReactNode = leaf.text;
  (leaf.marks ?? []).forEach((mark, index) => {
    content = withMark(content, mark, index);
  });
  return content;
}

/** The character(s) of an emoji given as code points in hex (`1f44b`, `1f468-200d-1f4bb`). */
export function emojiOf(code: string): string {
  const points = code.split('-').map((part) => Number.parseInt(part, 16));
  if (points.some((point) => !Number.isInteger(point) || point < 0x20 || point > 0x10ffff)) return '';
  return String.fromCodePoint(...points);
}

/** The plain text of inline content (a title, an outline entry, an alt). */
export function textOf(nodes: readonly unknown[] | undefined, depth = 0): string {
  if (!nodes || depth > 32) return '';
  return nodes
    .map((node) => {
      const item = node as {
        object?: string;
        type?: string;
        leaves?: DocumentLeaf[];
        nodes?: unknown[];
        data?: Record<string, unknown>;
      };
      if (item.object === 'text') return (item.leaves ?? []).map((leaf) => leaf.text).join('');
      if (item.type === 'emoji') return emojiOf(String(item.data?.code ?? ''));
      if (item.type === 'inline-math') return String(item.data?.formula ?? '');
      if (item.type === 'button') return String(item.data?.label ?? '');
      return textOf(item.nodes, depth + 1);
    })
    .join('');
}

function InlineImage({
  inline,
  context,
}: {
  inline: Extract<DocumentInline, { type: 'inline-image' }>;
  context: DocumentContext;
}) {
  const src = srcOfImage(inline.data.ref, context);
  const dark = srcOfImage(inline.data.refDark, context);
  const alt = inline.data.alt ?? inline.data.caption ?? '';
  if (!src) return alt ? <span className="missing-image">{alt}</span> : null;
  const className = inline.data.size === 'line' ? 'inline-image line' : 'inline-image';
  return (
    <>
      <img
        className={dark ? `${className} light-only` : className}
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
      />
      {dark ? (
        <img className={`${className} dark-only`} src={dark} alt={alt} loading="lazy" decoding="async" />
      ) : null}
    </>
  );
}

/**
 * A mention of a person: the name the page's text gives them (`context.mentionNames`), as
 * GitBook shows a mention by the person's display name; without one, "@user". Never a link
 * and never the id: a reader learns no more of a person than the page's text says.
 */
function UserMention({ userId, context }: { userId: string; context: DocumentContext }) {
  const name = context.mentionNames?.get(userId);
  return <span className="mention mention-user">{`@${name ?? 'user'}`}</span>;
}

function Inline({ inline, context }: { inline: DocumentInline; context: DocumentContext }): ReactNode {
  switch (inline.type) {
    case 'link': {
      const href = hrefOfRef(inline.data.ref, context);
      const content = <Inlines nodes={inline.nodes} context={context} />;
      return href ? (
        <a href={href} {...linkAttributes(href, context)}>
          {content}
        </a>
      ) : (
        <span className="broken-link">{content}</span>
      );
    }
    case 'inline-image':
      return <InlineImage inline={inline} context={context} />;
    case 'emoji':
      return <span className="emoji">{emojiOf(inline.data.code)}</span>;
    case 'icon':
      return <Icon name={inline.data.icon} labelled />;
    case 'expression':
      // Evaluated by the read (`evaluated`); one left is an expression with no value.
      return <span className="expression" title={inline.data.expression} />;
    case 'inline-math':
      return <InlineMath formula={inline.data.formula} budget={context.math} />;
    case 'mention': {
      const ref = inline.data.ref;
      if (ref.kind === 'user') return <UserMention userId={ref.user} context={context} />;
      const href = hrefOfRef(ref, context);
      const title =
        ref.kind === 'page'
          ? (context.links.page(ref.page, ref.space)?.title ?? 'a page')
          : (href ?? ref.kind);
      return href ? (
        <a className="mention" href={href} {...linkAttributes(href, context)}>
          {title}
        </a>
      ) : (
        <span className="mention">{title}</span>
      );
    }
    case 'button': {
      const { label, kind, icon } = inline.data;
      const href =
        inline.data.ref !== undefined
          ? hrefOfRef(inline.data.ref, context)
          : inline.data.action.action === 'select'
            ? undefined
            : `?q=${encodeURIComponent(inline.data.action.query ?? '')}`;
      const content = (
        <>
          {icon ? <Icon name={icon} /> : null}
          {label}
        </>
      );
      return href ? (
        <a
          className={`button ${kind === 'primary' ? 'primary' : 'secondary'}`}
          href={href}
          {...linkAttributes(href, context)}
        >
          {content}
        </a>
      ) : (
        <span className={`button ${kind === 'primary' ? 'primary' : 'secondary'}`}>{content}</span>
      );
    }
    case 'annotation': {
      const note = inline.fragments
        .flatMap((fragment) => fragment.nodes)
        .map((block: DocumentBlock) => textOf((block as { nodes?: unknown[] }).nodes))
        .join(' ');
      return (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the note shows on focus, so a keyboard reaches it
        <span className="annotation" tabIndex={0}>
          <Inlines nodes={inline.nodes} context={context} />
          <span className="annotation-note" role="note">
            {note}
          </span>
        </span>
      );
    }
    default:
      return null;
  }
}

export function Inlines({
  nodes,
  context,
}: {
  nodes: readonly DocumentInlineContent[] | undefined;
  context: DocumentContext;
}) {
  return (
    <>
      {(nodes ?? []).map((node, index) =>
        node.object === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: leaves have no identity but their place
          <Fragment key={index}>
            {(node.leaves ?? []).map((leaf, leafIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <Leaf key={leafIndex} leaf={leaf} />
            ))}
          </Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Inline key={index} inline={node} context={context} />
        ),
      )}
    </>
  );
}
