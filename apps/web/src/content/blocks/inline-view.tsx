/**
 * A block's inline content: text with its marks (bold, italic, strikethrough, code, keyboard,
 * superscript, subscript, GitBook's text and background colours) and GitBook's inlines (links,
 * emoji, icons, expressions, inline math, inline images, annotations, mentions, buttons).
 * Text is always a React text node: nothing of the content becomes markup but through these
 * elements.
 */
import { type ReactNode, useId, useState } from 'react';
import { colorClass } from './colors';
import { type DocInline, type DocLeaf, type DocNode, refOf, stringOf } from './document-shape';
import { textOfNodes } from './document-text';
import { emojiOf } from './emoji';
import { NamedIcon } from './icons';
import { InlineMath } from './math';
import { InlineImage } from './picture';
import { useRendering } from './render-context';
import { isExternal } from './safe-url';

export function Inlines({ nodes }: { nodes: readonly DocNode[] | undefined }) {
  return (
    <>
      {(nodes ?? []).map((node, index) => (
        <InlineNode key={node.key ?? index} node={node} />
      ))}
    </>
  );
}

function InlineNode({ node }: { node: DocNode }) {
  if (node.object === 'text')
    return (
      <>
        {node.leaves.map((leaf, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: leaves have no identity but their place
          <Leaf key={index} leaf={leaf} />
        ))}
      </>
    );
  if (node.object === 'inline') return <Inline inline={node} />;
  return <Inlines nodes={node.nodes} />;
}

function Leaf({ leaf }: { leaf: DocLeaf }) {
  let content: ReactNode = leaf.text;
  // Applied innermost first, so that `code` sits inside a link's colour and emphasis.
  for (const mark of [...(leaf.marks ?? [])].reverse()) {
    switch (mark.type) {
      case 'bold':
        content = <strong>{content}</strong>;
        break;
      case 'italic':
        content = <em>{content}</em>;
        break;
      case 'strikethrough':
        content = <del>{content}</del>;
        break;
      case 'code':
        content = <code>{content}</code>;
        break;
      case 'keyboard':
        content = <kbd>{content}</kbd>;
        break;
      case 'superscript':
        content = <sup>{content}</sup>;
        break;
      case 'subscript':
        content = <sub>{content}</sub>;
        break;
      case 'color': {
        const classes = [
          colorClass('doc-color', mark.data?.text),
          colorClass('doc-highlight', mark.data?.background),
        ].filter(Boolean);
        if (classes.length > 0) content = <span className={classes.join(' ')}>{content}</span>;
        break;
      }
      default:
        break;
    }
  }
  return <>{content}</>;
}

function Inline({ inline }: { inline: DocInline }) {
  const rendering = useRendering();
  const data = inline.data;
  switch (inline.type) {
    case 'link': {
      const ref = refOf(data?.ref);
      const href = ref ? rendering.hrefOf(ref) : undefined;
      if (!href) return <Inlines nodes={inline.nodes} />;
      return (
        <a href={href} {...(isExternal(href) ? { rel: 'noopener noreferrer' } : {})}>
          <Inlines nodes={inline.nodes} />
        </a>
      );
    }
    case 'emoji': {
      const emoji = emojiOf(stringOf(data, 'code') ?? '');
      return emoji ? <span className="doc-emoji">{emoji}</span> : null;
    }
    case 'icon':
      return <NamedIcon name={stringOf(data, 'icon') ?? ''} color={data?.color} />;
    case 'expression':
      return <Expression expression={stringOf(data, 'expression') ?? ''} />;
    case 'inline-math':
      return <InlineMath formula={stringOf(data, 'formula') ?? ''} />;
    case 'inline-image':
      return <InlineImage inline={inline} />;
    case 'annotation':
      return <Annotation inline={inline} />;
    case 'mention':
      return <Mention inline={inline} />;
    case 'button':
      return <InlineButton inline={inline} />;
    default:
      // An inline of a type this view does not know: its text, if it has any.
      return <Inlines nodes={inline.nodes} />;
  }
}

/** A variable's value (`{{ space.vars.version }}`), or the expression itself, marked, when unknown. */
function Expression({ expression }: { expression: string }) {
  const value = useRendering().expressionValue(expression);
  if (value !== undefined) return <span className="doc-expression">{value}</span>;
  // No value here: the expression, marked as such, and said in words to a screen reader.
  return (
    <span className="doc-expression doc-expression-unknown" title={`No value for ${expression.trim()} here`}>
      <code>{`{{ ${expression.trim()} }}`}</code>
      <span className="doc-expression-note"> (no value)</span>
    </span>
  );
}

function Mention({ inline }: { inline: DocInline }) {
  const rendering = useRendering();
  const ref = refOf(inline.data?.ref);
  if (!ref) return null;
  const page = ref.kind === 'page' || ref.kind === 'anchor' ? rendering.pageOf(ref) : undefined;
  const name =
    page?.title ??
    rendering.nameOf(ref) ??
    // A person the place cannot name is "@user", never their id (a reader learns no more of
    // a person than the page's text says, as in the published reader).
    (ref.kind === 'url' ? ref.url : ref.kind === 'user' ? 'user' : ref.kind);
  const href = page?.href ?? (ref.kind === 'user' ? undefined : rendering.hrefOf(ref));
  const label = ref.kind === 'user' ? `@${name}` : name;
  return href ? (
    <a className="doc-mention" href={href}>
      {page?.emoji && <span aria-hidden="true">{page.emoji} </span>}
      {label}
    </a>
  ) : (
    <span className="doc-mention">{label}</span>
  );
}

function InlineButton({ inline }: { inline: DocInline }) {
  const rendering = useRendering();
  const data = inline.data;
  const label = stringOf(data, 'label') ?? '';
  const kind = stringOf(data, 'kind') === 'secondary' ? 'secondary' : 'primary';
  const size = stringOf(data, 'size');
  const icon = stringOf(data, 'icon');
  const ref = refOf(data?.ref);
  const href = ref ? rendering.hrefOf(ref) : undefined;
  const className = `doc-button doc-button-${kind}${size ? ` doc-button-${size}` : ''}`;
  const content = (
    <>
      {icon && <NamedIcon name={icon} decorative />}
      {label}
    </>
  );
  if (href)
    return (
      <a className={className} href={href} {...(isExternal(href) ? { rel: 'noopener noreferrer' } : {})}>
        {content}
      </a>
    );
  // An action button (search, ask...) does nothing in this view: shown, not pressable.
  return <span className={`${className} doc-button-inert`}>{content}</span>;
}

/** An annotated text: the text, and a button that shows the annotation beside it. */
function Annotation({ inline }: { inline: DocInline }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const body =
    inline.fragments?.find((fragment) => fragment.type === 'annotation-body') ?? inline.fragments?.[0];
  return (
    <span className="doc-annotation">
      <button
        type="button"
        className="doc-annotation-text"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <Inlines nodes={inline.nodes} />
      </button>
      <span
        id={id}
        className="doc-annotation-body"
        role="note"
        hidden={!open}
        aria-label={`Note on “${textOfNodes(inline.nodes)}”`}
      >
        {body?.nodes.map((block, index) => (
          <span key={block.key ?? index} className="doc-annotation-paragraph">
            <Inlines nodes={block.nodes} />
          </span>
        ))}
      </span>
    </span>
  );
}
