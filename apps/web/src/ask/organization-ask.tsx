/**
 * The organization's Ask box (issue 32, item 4): a button in the top bar opening a form; the
 * question goes to `GET ORG/ask/stream` (the server searches the spaces the person may read
 * and has the AI provider answer from them) and the answer shows as it is written, as text (a
 * model's markdown is never rendered as HTML), with its `[k]` markers and, once it ends, the
 * cited pages linked below. A second question stops the first (its request is aborted, so the
 * server stops reading the provider). Without a provider the server says so, and that is what
 * shows. While nothing is asked, the organization's recommended questions (written by a job from
 * its published sites, `orgs.askQuestions`; none without a provider) are offered, read once the
 * box is first opened.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { csrfTokenOf } from '../session/session-queries';
import { Loading } from '../ui/states';
import { type StreamedAnswer, streamAnswer } from './answer-stream';
import './ask.css';

const MAX_QUESTION = 512;

type AskState =
  | { kind: 'idle' }
  | { kind: 'waiting' }
  | { kind: 'answer'; answer: StreamedAnswer; done: boolean }
  | { kind: 'failed'; message: string };

export function OrganizationAsk({ organizationId }: { organizationId: string }) {
  const [draft, setDraft] = useState('');
  const [state, setState] = useState<AskState>({ kind: 'idle' });
  const [opened, setOpened] = useState(false);
  const running = useRef<AbortController | null>(null);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => () => running.current?.abort(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(draft.trim());
  };
  const ask = (question: string) => {
    if (question === '') return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'waiting' });
    let last: StreamedAnswer | undefined;
    streamAnswer(organizationId, question, csrfTokenOf(queryClient, trpc), controller.signal, (answer) => {
      last = answer;
      if (!controller.signal.aborted) setState({ kind: 'answer', answer, done: false });
    }).then(
      () => {
        if (!controller.signal.aborted)
          setState({ kind: 'answer', answer: last ?? { sources: [] }, done: true });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          kind: 'failed',
          message: error instanceof Error ? error.message : 'The answer could not be read',
        });
      },
    );
  };
  return (
    <details className="ask-menu" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
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
        {state.kind === 'idle' && opened ? (
          <RecommendedQuestions
            organizationId={organizationId}
            onChoose={(question) => {
              setDraft(question);
              ask(question);
            }}
          />
        ) : null}
        {state.kind === 'waiting' ? (
          <Loading label="Finding the answer…" />
        ) : state.kind === 'failed' ? (
          <div className="state state-error" role="alert">
            <p className="state-title">No answer</p>
            <p>{state.message}</p>
          </div>
        ) : state.kind === 'answer' ? (
          <section className="ask-answer" aria-label="Answer" aria-busy={!state.done}>
            {state.answer.answer?.markdown ? (
              <p className="ask-text">{state.answer.answer.markdown}</p>
            ) : state.done ? (
              <p>Nothing in the spaces you can read answers this.</p>
            ) : null}
            {state.done && state.answer.sources.length > 0 ? (
              <ol className="ask-sources" aria-label="Sources">
                {state.answer.sources.map((source) => (
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

/** The organization's recommended questions, each a button that asks it; nothing while none are stored. */
function RecommendedQuestions({
  organizationId,
  onChoose,
}: {
  organizationId: string;
  onChoose: (question: string) => void;
}) {
  const trpc = useTRPC();
  const questions = useQuery({
    ...trpc.orgs.askQuestions.queryOptions({ organizationId }),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const list = questions.data?.questions ?? [];
  if (list.length === 0) return null;
  return (
    <section className="ask-questions" aria-label="Suggested questions">
      <ul>
        {list.map((question) => (
          <li key={question}>
            <button type="button" className="button" onClick={() => onChoose(question)}>
              {question}
            </button>
          </li>
        ))}
      </ul>
    </section>
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
