/**
 * What a rendered document needs from where it is shown: where references lead, what a file
 * or page referenced is called, how reusable content and OpenAPI blocks are fetched, the
 * variables expressions read, and what `if` blocks do. The web app's read view and change
 * diff give theirs (`app-document-context.tsx`); Quire's reader (issue 29) gives its own
 * (site paths, conditions evaluated on the visitor's claims). The defaults render a document
 * alone: references by their markdown URL, `if` blocks shown with a marker.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { DocBlock, DocDocument, DocRef } from './document-shape';
import { safeUrl } from './safe-url';

export interface ReferencedFile {
  name: string;
  url: string;
  size?: number;
  contentType?: string;
}

export interface ReferencedPage {
  title: string;
  href: string;
  emoji?: string;
  description?: string;
}

export interface DocumentRendering {
  /** Where a link to the reference leads (undefined: no link, the text stays). */
  hrefOf(ref: DocRef): string | undefined;
  /** The file a `file` reference names, when known. */
  fileOf(ref: DocRef): ReferencedFile | undefined;
  /** The page a `page`/`anchor` reference names, when known. */
  pageOf(ref: DocRef): ReferencedPage | undefined;
  /** The name shown for a mention of a user, space or collection, when known. */
  nameOf(ref: DocRef): string | undefined;
  /** The value of an expression (`space.vars.x`), or undefined when it cannot be told. */
  expressionValue(expression: string): string | undefined;
  /**
   * What an `if` block does: `marker` shows its content with a marker naming the condition
   * (the app: an editor sees everything), `evaluate` shows it only when the condition holds.
   */
  conditions: { mode: 'marker' } | { mode: 'evaluate'; holds(expression: string): boolean };
  /** A reusable content's document, or undefined while it loads or when it is not found. */
  ReusableContent?: (props: { block: DocBlock; render: (document: DocDocument) => ReactNode }) => ReactNode;
  /** An OpenAPI operation block, rendered by the place's own renderer (a card without one). */
  OpenApiOperation?: (props: { spec: string; path: string; method: string }) => ReactNode;
  /**
   * Markdown the document could not place (a hint inside a quote, a footnote...): the server's
   * converter keeps it as a paragraph of its source text (`isKeptSource`); a place that renders
   * markdown shows it rendered, else it shows as text.
   */
  KeptSource?: (props: { text: string }) => ReactNode;
  /** Headings get ids (the page's anchors): only the page's own view, once per page. */
  anchors: boolean;
}

/** The markdown URL of a reference (GitBook's `/pages/<id>`, `/files/<id>` conventions). */
export function markdownUrlOf(ref: DocRef): string | undefined {
  switch (ref.kind) {
    case 'url':
      return safeUrl(ref.url);
    case 'file':
      return `/files/${encodeURIComponent(ref.file)}`;
    case 'page':
      return `/pages/${encodeURIComponent(ref.page)}`;
    case 'anchor':
      return ref.page === undefined
        ? `#${encodeURIComponent(ref.anchor)}`
        : `/pages/${encodeURIComponent(ref.page)}#${encodeURIComponent(ref.anchor)}`;
    default:
      return undefined;
  }
}

export const DEFAULT_RENDERING: DocumentRendering = {
  hrefOf: markdownUrlOf,
  fileOf: () => undefined,
  pageOf: () => undefined,
  nameOf: () => undefined,
  expressionValue: () => undefined,
  conditions: { mode: 'marker' },
  anchors: false,
};

const RenderingContext = createContext<DocumentRendering>(DEFAULT_RENDERING);

export const RenderingProvider = RenderingContext.Provider;

export function useRendering(): DocumentRendering {
  return useContext(RenderingContext);
}
