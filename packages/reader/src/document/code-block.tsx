/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * A code block: its title, its lines (numbered when the block asks), highlighted lines marked,
 * and the tokens Shiki coloured at render time (`highlight-code.ts`), each with its light and
 * dark colour as CSS variables the stylesheet picks from. Without highlighting (an unknown
 * language, a block too large) the text is plain. A copy button is added by the page's script;
 * the code reads the same without it.
 */
import type { DocumentBlockCode } from '@quire/documents/document-types';
import { codeTextOf, highlightKey } from '../highlight-code';
import type { DocumentContext } from './document-context';

export function CodeBlock({ block, context }: { block: DocumentBlockCode; context: DocumentContext }) {
  const syntax = block.data?.syntax ?? '';
  const text = codeTextOf(block);
  const highlighted = syntax === '' ? undefined : context.code.get(highlightKey(syntax, text));
  const lines = block.nodes;
  const numbered = block.data?.lineNumbers === true;
  const wrap = block.data?.overflow === 'wrap';
  const classes = ['code-block', numbered ? 'numbered' : '', wrap ? 'wrap' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      {block.data?.title ? <div className="code-title">{block.data.title}</div> : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls sideways is reached by keyboard (axe's scrollable-region-focusable) */}
      <pre tabIndex={0} data-language={syntax || undefined}>
        <code>
          {lines.map((line, index) => {
            const tokens = highlighted?.[index];
            const lineText = tokens
              ? undefined
              : line.nodes.map((node) => node.leaves.map((leaf) => leaf.text).join('')).join('');
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are known by their place
              <span key={index} className={line.data?.highlighted ? 'line highlighted' : 'line'}>
                {tokens
                  ? tokens.map((token, tokenIndex) =>
                      token.light || token.dark || token.italic || token.bold ? (
                        <span
                          // biome-ignore lint/suspicious/noArrayIndexKey: tokens are known by their place
                          key={tokenIndex}
                          style={{
                            ...(token.light ? { '--l': token.light } : {}),
                            ...(token.dark ? { '--d': token.dark } : {}),
                            ...(token.italic ? { fontStyle: 'italic' } : {}),
                            ...(token.bold ? { fontWeight: 'bold' } : {}),
                          }}
                        >
                          {token.text}
                        </span>
                      ) : (
                        token.text
                      ),
                    )
                  : lineText}
              </span>
            );
          })}
        </code>
      </pre>
    </div>
  );
}
