/**
 * Markdown as the server stores it (CommonMark with GitHub's tables, task lists,
 * strikethrough and autolinks), rendered as HTML elements. Raw HTML in the markdown is shown
 * as text, never run, and links to `javascript:` and the like are dropped (react-markdown's
 * defaults).
 */
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

const PLUGINS = [remarkGfm];

export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <ReactMarkdown remarkPlugins={PLUGINS}>{text}</ReactMarkdown>
    </div>
  );
}
