/**
 * The organization's Ask box (issue 32, item 4): a button in the top bar opening a form; the
 * question goes to `orgs.ask` (the server searches the spaces the person may read and has
 * the AI provider answer from them), and the answer shows as text (a model's markdown is
 * never rendered as HTML) with its `[k]` markers and the cited pages linked below. Without a
 * provider the server says so, and that is what shows.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { ErrorNotice, Loading } from '../ui/states';
import './ask.css';

const MAX_QUESTION = 512;

export function OrganizationAsk({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState('');
  const [asked, setAsked] = useState('');
  const answer = useQuery({
    ...trpc.orgs.ask.queryOptions({ organizationId, query: asked }),
    enabled: asked !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(draft.trim());
  };
  const result = answer.data?.answer;
  return (
    <details className="ask-menu">
      <summary className="button">Ask</summary>
      <div className="ask-panel">
        <form className="ask-form" onSubmit={submit}>
          <input
            type="text"
            aria-label="Ask a question about the docs"
            placeholder="Ask a question about the docs…"
            value={draft}
            maxLength={MAX_QUESTION}
            required
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button primary" disabled={draft.trim() === ''}>
            Ask
          </button>
        </form>
        {asked === '' ? null : answer.isPending ? (
          <Loading label="Finding the answer…" />
        ) : answer.error ? (
          <ErrorNotice error={answer.error} title="No answer" />
        ) : result ? (
          <section className="ask-answer" aria-label="Answer">
            {result.answer?.markdown ? (
              <p className="ask-text">{result.answer.markdown}</p>
            ) : (
              <p>Nothing in the spaces you can read answers this.</p>
            )}
            {result.sources.length > 0 ? (
              <ol className="ask-sources" aria-label="Sources">
                {result.sources.map((source) => (
                  <li key={`${source.space}/${source.page}`}>
                    <SourceLink organizationId={organizationId} spaceId={source.space} pageId={source.page} />
                  </li>
                ))}
              </ol>
            ) : null}
          </section>
        ) : null}
      </div>
    </details>
  );
}

/** A cited page, linked at its path in the app (read again: the answer names it by id). */
function SourceLink({
  organizationId,
  spaceId,
  pageId,
}: {
  organizationId: string;
  spaceId: string;
  pageId: string;
}) {
  const trpc = useTRPC();
  const page = useQuery({ ...trpc.spaces.content.page.get.queryOptions({ spaceId, pageId }), retry: false });
  if (!page.data) return <span>{page.error ? 'A page you can no longer read' : '…'}</span>;
  return (
    <Link to="/o/$organizationId/s/$spaceId/$" params={{ organizationId, spaceId, _splat: page.data.path }}>
      {page.data.title}
    </Link>
  );
}
