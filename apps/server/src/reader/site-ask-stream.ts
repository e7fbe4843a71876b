/**
 * The Ask box's answer streamed into the page (`<base>~reader/ask?ask=`, for the page's
 * script): the same question as the answer page (`site-ask-page.ts`: `sites.ask` as the
 * visitor's site token, scoped to the site space read), sent as server-sent events as the
 * model writes it. Each `data` event is `{text}`, the answer so far (markdown, which the
 * script shows as text); the last is an `event: done` with `{text, sources}`, the cited
 * pages at their site paths (`[k]` names source k); what went wrong is one `event: error`
 * with `{message}`, in the reader's words. A reader who asks again drops the request: the
 * body is no longer read, and the provider's answer no longer either.
 */
import { Readable } from 'node:stream';
import { isDomainError, type SearchAIAnswer, stopStreamedList } from '@quire/domain';
import type { ClosingResponse } from '../faces/rest/event-stream';
import { readerFrameOf } from './reader-frame';
import type { ReaderVisit } from './reader-visit';
import { type AskFailure, askInSiteSpace, failureOfAsk, failureWords, sourceLinksOf } from './site-ask-page';
import type { SitePages } from './site-pages';

export const EVENT_STREAM = 'text/event-stream; charset=utf-8';

const event = (name: string | undefined, data: unknown): string =>
  `${name === undefined ? '' : `event: ${name}\n`}data: ${JSON.stringify(data)}\n\n`;

export function askStream(
  visit: ReaderVisit,
  pages: SitePages,
  question: string,
  response: ClosingResponse,
): Readable {
  const asked: { answer?: unknown } = {};
  // A reader who asks again, or leaves, stops the provider's answer at once (`streamedEvents`).
  response.once('close', () => stopStreamedList(asked.answer));
  return Readable.from(answerEvents(visit, pages, question, asked));
}

async function* answerEvents(
  visit: ReaderVisit,
  pages: SitePages,
  question: string,
  asked: { answer?: unknown },
): AsyncIterable<string> {
  const frame = readerFrameOf(visit, pages);
  if (!frame.customization.ai) {
    yield event('error', { message: failureWords('no-ai' satisfies AskFailure) });
    return;
  }
  let last: SearchAIAnswer = { followupQuestions: [], sources: [] };
  try {
    const answer = await askInSiteSpace(visit, question);
    asked.answer = answer;
    for await (const answered of answer) {
      last = answered.answer;
      yield event(undefined, { text: last.answer?.markdown ?? '' });
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    yield event('error', { message: failureOfAsk(error) });
    return;
  }
  yield event('done', { text: last.answer?.markdown ?? '', sources: sourceLinksOf(frame, last) });
}
