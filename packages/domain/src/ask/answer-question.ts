/**
 * A question answered from passages: the prompt (the numbered passages, then the question),
 * the model's answer read as it is written, and the answer's events, each the answer so far
 * with the pages it cites (`[n]` in its text names passage n; a page no marker names is not
 * a source, so only pages used are cited; markers are renumbered in the order of the sources).
 *
 * The first part of the answer is awaited before the events are handed back, so a provider
 * that cannot be reached, refuses or times out is the operation's error (503), not a broken
 * stream; a failure after that ends the stream with the error.
 */

import { AiProviderError } from '../core/ai-provider-error';
import type { OperationContext } from '../core/context';
import { DomainError } from '../core/errors';
import type { AnswerBudgetRequest } from './answer-budget';
import type { AnswerPrompt } from './answer-provider';
import { ASK_LIMITS } from './ask-limits';
import type { SearchAIAnswer, SearchAIAnswerEvent } from './ask-schema';
import type { Passage } from './passages';
import type { StoppableItems } from './streamed-list';

export const NO_PROVIDER_MESSAGE =
  'No AI provider is configured on this server, so questions cannot be answered: set QUIRE_AI_URL and QUIRE_AI_MODEL ' +
  '(and QUIRE_AI_API_KEY when the provider needs a key)';

/** Refuses before anything is searched when the server has no provider (400, GitBook's error shape). */
export function assertAnswerProvider(ctx: OperationContext): void {
  if (!ctx.answerProvider.configured) throw new DomainError('validation', NO_PROVIDER_MESSAGE);
}

const SYSTEM = [
  'You answer questions about a documentation site, using only the numbered passages the user gives.',
  'Cite each passage you use with its number in square brackets, like [1], right after what it supports.',
  'If the passages do not answer the question, say that the documentation does not cover it; never guess.',
  'Answer in Markdown, briefly, in the language of the question.',
].join('\n');

export function promptOf(question: string, passages: readonly Passage[]): AnswerPrompt {
  const user = [
    ...passages.map((passage) => `[${passage.number}] ${passage.title} (${passage.path})\n${passage.text}`),
    `Question: ${question}`,
  ].join('\n\n');
  return { system: SYSTEM, user, maxTokens: ASK_LIMITS.answerTokens };
}

/**
 * The answer's events: at least one (the last holds the whole answer). The provider is called
 * only once the question is taken from the asker's and the organization's budgets
 * (`answer-budget.ts`): past either, 429 with the seconds to wait, the provider not called.
 * Nothing found costs no question. `stop` on the events abandons the provider's answer at once.
 */
export async function answerEvents(
  ctx: OperationContext,
  organizationId: string,
  question: string,
  passages: readonly Passage[],
): Promise<StoppableItems<SearchAIAnswerEvent>> {
  if (passages.length === 0) return listed([{ type: 'answer', answer: nothingFound }]);
  const request = budgetRequestOf(ctx, organizationId);
  // Before the budget: a question refused here costs its asker nothing.
  const release = ctx.answerBudget.enter(request);
  if (release === null)
    throw new DomainError(
      'rate_limited',
      'This asker already has as many questions being answered as allowed at once: retry once one has ended',
      { retryAfterSeconds: ANSWERING_RETRY_AFTER_SECONDS },
    );
  const stopped = new AbortController();
  let started: Awaited<ReturnType<typeof firstPartOf>>;
  try {
    started = await firstPartOf(ctx, request, promptOf(question, passages), stopped.signal);
  } catch (error) {
    release();
    throw error;
  }
  const { parts, first } = started;
  const events = (async function* () {
    let text = '';
    let sent = 0;
    try {
      for (let step = first; !step.done; step = await providerStep(() => parts.next())) {
        text += step.value;
        if (text.length >= ASK_LIMITS.answerChars) {
          text = text.slice(0, ASK_LIMITS.answerChars);
          break;
        }
        if (text.length - sent >= ASK_LIMITS.eventChars) {
          sent = text.length;
          yield eventOf(text, passages);
        }
      }
    } finally {
      release();
      await parts.return?.();
    }
    yield eventOf(text, passages);
  })();
  // Stopped before its reader ever read it, the generator never runs its `finally`: released here too.
  return {
    [Symbol.asyncIterator]: () => events,
    stop: () => {
      stopped.abort();
      release();
    },
  };
}

/**
 * The question taken from the budgets (429 past either, the provider not called), then the
 * provider's answer started and its first part awaited (503 when it fails).
 */
async function firstPartOf(
  ctx: OperationContext,
  request: AnswerBudgetRequest,
  prompt: AnswerPrompt,
  signal: AbortSignal,
): Promise<{ parts: AsyncIterator<string>; first: IteratorResult<string> }> {
  const wait = await ctx.answerBudget.take(request);
  if (wait !== null)
    throw new DomainError(
      'rate_limited',
      'Too many questions from this asker or for this organization: retry later',
      {
        retryAfterSeconds: wait,
      },
    );
  const parts = ctx.answerProvider.stream(prompt, signal)[Symbol.asyncIterator]();
  return { parts, first: await providerStep(() => parts.next()) };
}

/** A person asks as themselves; anyone else (a visitor, a site API token, free to mint) as their address. */
function budgetRequestOf(ctx: OperationContext, organizationId: string): AnswerBudgetRequest {
  const caller = ctx.caller;
  if (caller !== null && caller.site === undefined) return { asker: `user:${caller.userId}`, organizationId };
  return {
    asker: ctx.clientAddress === undefined ? undefined : `address:${ctx.clientAddress}`,
    organizationId,
  };
}

/** What an asker refused for their answers in flight is told to wait: an answer takes seconds. */
const ANSWERING_RETRY_AFTER_SECONDS = 5;

const nothingFound: SearchAIAnswer = { followupQuestions: [], sources: [] };

function listed<T>(items: readonly T[]): StoppableItems<T> {
  return {
    async *[Symbol.asyncIterator]() {
      yield* items;
    },
    stop: () => {},
  };
}

/**
 * A provider's failure in the domain's terms: 503 with the provider's safe message (and
 * `Retry-After` when the failure passes by itself: a server with all its provider calls busy).
 */
async function providerStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AiProviderError)
      throw new DomainError(
        error.kind === 'not-configured' ? 'validation' : 'unavailable',
        error.message,
        error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds },
      );
    throw error;
  }
}

const CITATION = /\[(\d{1,2})\]/g;

/**
 * The answer so far and the passages its `[n]` markers name, in order of first citation;
 * each marker renumbered to its source's place in `sources` (`[1]` is the first source), a
 * marker naming no passage dropped, so a reader links `[k]` to source k.
 */
export function eventOf(text: string, passages: readonly Passage[]): SearchAIAnswerEvent {
  const cited: Passage[] = [];
  const markdown = text.replace(CITATION, (_marker, number: string) => {
    const passage = passages.find((candidate) => candidate.number === Number(number));
    if (!passage) return '';
    if (!cited.includes(passage)) cited.push(passage);
    return `[${cited.indexOf(passage) + 1}]`;
  });
  return {
    type: 'answer',
    answer: {
      answer: { markdown },
      followupQuestions: [],
      sources: cited.map((passage) => ({
        type: 'page' as const,
        page: passage.pageId,
        revision: passage.revisionId,
        space: passage.spaceId,
        sections: passage.sectionIds,
      })),
    },
  };
}

/** Every event of a stream, for the faces that answer the whole list (GraphQL, tRPC). */
export async function allEvents<T>(events: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const event of events) all.push(event);
  return all;
}
