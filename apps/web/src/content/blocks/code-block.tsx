/**
 * Code: GitBook's code block with its title (a file name above the code), its language, line
 * numbers, wrapped or scrolled long lines and highlighted lines, and a copy button; and
 * GitBook's prompt (a described piece of text to copy into an AI tool), shown as its code
 * under its description. Highlighting of the syntax is the reader's (issue 29, at render time).
 */
import { Fragment, useState } from 'react';
import { type DocBlock, type DocNode, stringOf } from './document-shape';
import { textOfNodes } from './document-text';
import { Inlines } from './inline-view';

/** A language name safe as a class (`language-ts`), as react-markdown gave it. */
function languageClass(syntax: string | undefined): string | undefined {
  return syntax && /^[\w+#.-]{1,40}$/.test(syntax) ? `language-${syntax}` : undefined;
}

function lineBlocks(block: DocBlock): DocBlock[] {
  return (block.nodes ?? []).filter(
    (node): node is DocBlock => node.object === 'block' && node.type === 'code-line',
  );
}

export function codeText(block: DocBlock): string {
  return lineBlocks(block)
    .map((line) => textOfNodes(line.nodes as DocNode[] | undefined))
    .join('\n');
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="doc-code-copy"
      onClick={() => {
        navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? 'Copied' : label}
    </button>
  );
}

export function CodeBlock({ block }: { block: DocBlock }) {
  const data = block.data;
  const title = stringOf(data, 'title');
  const syntax = stringOf(data, 'syntax');
  const lineNumbers = data?.lineNumbers === true;
  const wrap = data?.overflow === 'wrap';
  const lines = lineBlocks(block);
  const classes = [
    'doc-code',
    lineNumbers ? 'doc-code-numbered' : '',
    wrap ? 'doc-code-wrap' : '',
    data?.fullWidth === true ? 'doc-full-width' : '',
  ].filter(Boolean);
  return (
    <div className={classes.join(' ')}>
      <div className="doc-code-bar">
        {title ? (
          <span className="doc-code-title">{title}</span>
        ) : (
          <span className="doc-code-language">{syntax}</span>
        )}
        <CopyButton text={codeText(block)} label={title ? `Copy ${title}` : 'Copy code'} />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region is reached by keyboard */}
      <pre tabIndex={0}>
        <code className={languageClass(syntax)}>
          {lines.map((line, index) => (
            // The line's end outside its element: a highlighted line is a block of the pre's width.
            <Fragment key={line.key ?? index}>
              <span
                className={
                  line.data?.highlighted === true ? 'doc-code-line doc-code-highlighted' : 'doc-code-line'
                }
              >
                <Inlines nodes={line.nodes} />
              </span>
              {'\n'}
            </Fragment>
          ))}
        </code>
      </pre>
    </div>
  );
}

export function PromptBlock({ block }: { block: DocBlock }) {
  const description = stringOf(block.data, 'description') ?? '';
  const code = (block.nodes ?? []).find(
    (node): node is DocBlock => node.object === 'block' && node.type === 'code',
  );
  return (
    <section className="doc-prompt" aria-label={description ? `Prompt: ${description}` : 'Prompt'}>
      <p className="doc-prompt-description">{description || 'Prompt'}</p>
      {code && <CodeBlock block={code} />}
    </section>
  );
}
