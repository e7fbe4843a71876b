/**
 * Markdown as the server stores it, rendered. A page's text (`anchors`) is read into GitBook's
 * document by the server's own converter (`markdownToDocument` of `@quire/documents`, run in
 * the browser) and rendered by `DocumentView` (`blocks/`), so the page shows every GitBook
 * block exactly as the server reads it: its headings get their anchors as ids, and the heading
 * named by `scrollTo` (the address's `#anchor`) is scrolled to once the text is on screen.
 * References lead where the place says (`app-rendering.tsx`).
 * Other markdown (comments, a translation's side by side) stays CommonMark with GitHub's
 * tables, task lists, strikethrough and autolinks, hints and OpenAPI operation blocks, through
 * react-markdown. Either way raw HTML is shown as text, never run, and links to `javascript:`
 * and the like are dropped.
 */
import { markdownToDocument } from '@quire/documents/to-document';
import { userMentionNamesOf } from '@quire/documents/to-markdown';
import { useEffect, useMemo, useRef } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { EmbeddedOperationElement } from '../openapi/embedded-operation-element';
import { OPENAPI_OPERATION_ELEMENT, remarkOpenApiOperations } from '../openapi/remark-openapi-operations';
import { useAppRendering } from './app-rendering';
import type { DocDocument } from './blocks/document-shape';
import { DocumentView } from './blocks/document-view';
import type { DocumentRendering } from './blocks/render-context';
import { remarkHints } from './remark-hints';

const PLUGINS = [remarkGfm, remarkHints, remarkOpenApiOperations];
const COMPONENTS = { [OPENAPI_OPERATION_ELEMENT]: EmbeddedOperationElement } as Components;

export function Markdown({
  text,
  className,
  anchors,
  page,
  scrollTo,
  components,
}: {
  text: string;
  className?: string;
  /** Elements rendered otherwise than react-markdown does, for markdown that is not a page's. */
  components?: Components;
  /** A page shown as the page: its GitBook document, its headings with their anchors. */
  anchors?: boolean;
  /** A page's text shown beside another (a translation): its GitBook document, no anchors. */
  page?: boolean;
  scrollTo?: string;
}) {
  if (anchors || page)
    return <PageMarkdown text={text} className={className} scrollTo={scrollTo} anchors={anchors === true} />;
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <ReactMarkdown
        remarkPlugins={PLUGINS}
        components={components ? { ...COMPONENTS, ...components } : COMPONENTS}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}

/** Markdown the document kept as its source, rendered as comments are (hints in a quote...). */
function KeptSource({ text }: { text: string }) {
  return <Markdown text={text} className="kept-source" />;
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

/** A page's markdown as its GitBook document. */
function PageMarkdown({
  text,
  className,
  scrollTo,
  anchors,
}: {
  text: string;
  className?: string | undefined;
  scrollTo?: string | undefined;
  anchors: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  const place = useAppRendering();
  const document = useMemo(() => markdownToDocument(text) as unknown as DocDocument, [text]);
  // A mention of a person shows the name the page's text gives them (the link's text): the
  // document holds only the user's id, as GitBook's does.
  const names = useMemo(() => (text.includes('mention') ? userMentionNamesOf(text) : NO_NAMES), [text]);
  const rendering = useMemo(
    (): Partial<DocumentRendering> => ({
      ...place,
      anchors,
      KeptSource,
      nameOf: (ref) => (ref.kind === 'user' ? names.get(ref.user) : place.nameOf?.(ref)),
    }),
    [place, anchors, names],
  );
  useEffect(() => {
    if (!anchors || !scrollTo || text === '') return;
    const heading = globalThis.document.getElementById(decodeURIComponent(scrollTo));
    if (heading && container.current?.contains(heading)) heading.scrollIntoView();
  }, [anchors, scrollTo, text]);
  return (
    <div ref={container}>
      <DocumentView
        document={document}
        rendering={rendering}
        className={className ? `page-document ${className}` : 'page-document'}
      />
    </div>
  );
}
