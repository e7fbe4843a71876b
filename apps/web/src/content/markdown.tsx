/**
 * Markdown as the server stores it (CommonMark with GitHub's tables, task lists,
 * strikethrough and autolinks), rendered as HTML elements. Raw HTML in the markdown is shown
 * as text, never run, and links to `javascript:` and the like are dropped (react-markdown's
 * defaults). A page's text (`anchors`) gives its headings their anchor as id, and the heading
 * named by `scrollTo` (the address's `#anchor`) is scrolled to once the text is on screen.
 */
import { useEffect, useRef } from 'react';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { remarkHeadingAnchors } from './heading-anchors';

const PLUGINS = [remarkGfm];
const PAGE_PLUGINS = [remarkGfm, remarkHeadingAnchors];

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
      <ReactMarkdown remarkPlugins={anchors ? PAGE_PLUGINS : PLUGINS}>{text}</ReactMarkdown>
    </div>
  );
}
