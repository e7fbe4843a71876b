/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * The site's answer page (`?ask=` on any path, where the header's Ask box sends a question):
 * the question, the answer as text (a model's markdown is never rendered as HTML: no markup
 * it writes reaches the page), its `[k]` markers as links to the cited pages, listed below
 * in order, then the site's other recommended questions, each a link that asks it. Works
 * without script.
 */
import { renderToString } from 'react-dom/server';
import { PageLayout } from './page-layout';
import type { ReaderAskProps } from './reader-model';

const MARKER = /\[(\d{1,2})\]/g;

/** A paragraph's text with its markers as links to their sources. */
function Cited({ text, sources }: { text: string; sources: ReaderAskProps['sources'] }) {
  const parts: Array<string | { k: number; href: string }> = [];
  let at = 0;
  for (const match of text.matchAll(MARKER)) {
    const k = Number(match[1]);
    const source = sources[k - 1];
    if (!source) continue;
    parts.push(text.slice(at, match.index), { k, href: source.href });
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one paragraph, in order
          <a key={i} href={part.href} className="citation">
            [{part.k}]
          </a>
        ),
      )}
    </>
  );
}

export function renderAskPage(props: ReaderAskProps): string {
  const paragraphs =
    'text' in props.answer ? props.answer.text.split(/\n{2,}/).filter((part) => part.trim() !== '') : [];
  return (
    '<!doctype html>' +
    renderToString(
      <PageLayout {...props} title={`Ask: ${props.question}`} askQuestion={props.question}>
        <article className="page ask-answer">
          <header className="page-header">
            <h1>Answer</h1>
            <p className="page-description">
              <q>{props.question}</q>
            </p>
          </header>
          {'failure' in props.answer ? (
            <p role="alert">{props.answer.failure}</p>
          ) : paragraphs.length === 0 ? (
            <p>The documentation has nothing on this question.</p>
          ) : (
            paragraphs.map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the answer's paragraphs, in order
              <p key={i} className="answer-text">
                <Cited text={paragraph} sources={props.sources} />
              </p>
            ))
          )}
          {props.sources.length > 0 ? (
            <>
              <h2>Sources</h2>
              <ol className="answer-sources">
                {props.sources.map((source) => (
                  <li key={source.href}>
                    <a href={source.href}>{source.title}</a>
                  </li>
                ))}
              </ol>
            </>
          ) : null}
          {props.suggestions && props.suggestions.length > 0 ? (
            <>
              <h2>Other questions</h2>
              <ul className="answer-suggestions">
                {props.suggestions.map((suggestion) => (
                  <li key={suggestion.question}>
                    <a href={suggestion.href}>{suggestion.question}</a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </article>
      </PageLayout>,
    )
  );
}
