/**
 * Markdown as the server stores it (CommonMark with GitHub's tables, task lists,
 * strikethrough and autolinks), rendered as HTML elements. Raw HTML in the markdown is shown
 * as text, never run, and links to `javascript:` and the like are dropped (react-markdown's
 * defaults). A page's text (`anchors`) gives its headings their anchor as id, and the heading
 * named by `scrollTo` (the address's `#anchor`) is scrolled to once the text is on screen.
 * GitBook's hints show as boxes in their style (`remark-hints.ts`) and its OpenAPI operation
 * blocks show the operation rendered (`EmbeddedOperation`): every block the editor writes.
 */
import { useEffect, useRef } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { EmbeddedOperationElement } from '../openapi/embedded-operation-element';
import { OPENAPI_OPERATION_ELEMENT, remarkOpenApiOperations } from '../openapi/remark-openapi-operations';
import { remarkHeadingAnchors } from './heading-anchors';
import { remarkHints } from './remark-hints';

const PLUGINS = [remarkGfm, remarkHints, remarkOpenApiOperations];
const PAGE_PLUGINS = [remarkGfm, remarkHints, remarkHeadingAnchors, remarkOpenApiOperations];
const COMPONENTS = { [OPENAPI_OPERATION_ELEMENT]: EmbeddedOperationElement } as Components;

export function Markdown({
  text,
  className,
  anchors,
  scrollTo,
}: {
  text: string;
  className?: string;
  anchors?: boolean;
  scrollTo?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!anchors || !scrollTo || text === '') return;
    const heading = document.getElementById(decodeURIComponent(scrollTo));
    if (heading && container.current?.contains(heading)) heading.scrollIntoView();
  }, [anchors, scrollTo, text]);
  return (
    <div ref={container} className={className ? `markdown ${className}` : 'markdown'}>
      <ReactMarkdown remarkPlugins={anchors ? PAGE_PLUGINS : PLUGINS} components={COMPONENTS}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
