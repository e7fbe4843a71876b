/**
 * The site's answer page (`?ask=` on any path, where the header's Ask box sends a question):
 * `sites.ask` run as the visitor's site token (only what the visitor may read reaches the
 * model), scoped to the site space being read, the whole answer awaited (the page is one
 * answer: no script needed), its sources linked at their site paths. A question the
 * operation refuses, a site without a provider, or a provider that fails is said on the page
 * in the reader's words (never the server's configuration).
 */
import {
  type DomainError,
  executeOperation,
  isDomainError,
  type OperationContext,
  operations,
  type SearchAIAnswer,
} from '@quire/domain';
import { renderAskPage } from '@quire/reader';
import { type ReaderFrame, readerFrameOf } from './reader-frame';
import type { ReaderVisit } from './reader-visit';
import type { SitePages } from './site-pages';

const MAX_QUESTION = 512;

/** The question asked (`?ask=`, trimmed, at most 512 characters), or undefined when none was. */
export function askedQuestion(url: URL): string | undefined {
  const asked = url.searchParams.get('ask')?.trim().slice(0, MAX_QUESTION);
  return asked ? asked : undefined;
}

type Outcome = { answer: SearchAIAnswer } | { failure: string };

/**
 * The visit as it asks: its context with the visitor's address, which the ask area's budget of
 * questions charges (`answer-budget.ts`: a visitor asks as their address). Without it, the
 * reader's questions (no rate budget either: the reader runs operations directly) were charged
 * to nobody but the organization, so one visitor could spend all its questions.
 */
export function askingVisit(visit: ReaderVisit, address: string): ReaderVisit {
  const ctx = Object.create(visit.ctx) as OperationContext;
  ctx.clientAddress = address;
  return { ...visit, ctx };
}

/**
 * `sites.ask` as the visitor's site token, scoped to the site space read: the answer's events
 * as the model writes them (a streamed list or a list). The answer page and the stream both ask
 * this, with the visit `askingVisit` made.
 */
export function askInSiteSpace(visit: ReaderVisit, question: string) {
  return executeOperation(operations.sites.ask, visit.ctx, {
    organizationId: visit.lookup.organization,
    siteId: visit.lookup.site,
    question,
    scope: { mode: 'specific', siteSpaceIds: [visit.lookup.siteSpace] },
  });
}

/** A domain error of `askInSiteSpace` in the reader's words: the question's, else the provider's. */
export function failureOfAsk(error: DomainError): string {
  return failureWords(error.code === 'validation' ? 'question' : 'provider');
}

/** The cited pages at their site paths (`[k]` names source k). */
export function sourceLinksOf(
  frame: ReaderFrame,
  answer: SearchAIAnswer,
): Array<{ title: string; href: string }> {
  return answer.sources.map(
    (source) => frame.pageLink(source.page) ?? { href: frame.homeHref, title: 'A page of this site' },
  );
}

async function answerOf(visit: ReaderVisit, question: string): Promise<Outcome> {
  try {
    let last: SearchAIAnswer = { followupQuestions: [], sources: [] };
    for await (const event of await askInSiteSpace(visit, question)) last = event.answer;
    return { answer: last };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { failure: failureOfAsk(error) };
  }
}

/** What kept a question from being answered: the site, the question, or the provider. */
export type AskFailure = 'no-ai' | 'question' | 'provider';

/** A failure in the reader's words (never the server's configuration). */
export function failureWords(failure: AskFailure): string {
  if (failure === 'no-ai') return 'This site does not answer questions.';
  if (failure === 'question')
    return 'This question cannot be answered here: ask with words, in at most 512 characters.';
  return 'The assistant could not answer just now. Try again in a moment, or search the docs.';
}

export async function askPageHtml(visit: ReaderVisit, pages: SitePages, question: string): Promise<string> {
  const frame = readerFrameOf(visit, pages);
  // The tree with no page open, kept: a question costs no render of the site's tree.
  const treeHtml = frame.closedTreeHtml();
  if (!frame.customization.ai)
    return renderAskPage({
      ...frame,
      treeHtml,
      question,
      answer: { failure: failureWords('no-ai') },
      sources: [],
      headTags: [{ tag: 'meta', name: 'robots', content: 'noindex' }],
    });
  const outcome = await answerOf(visit, question);
  const sources = 'answer' in outcome ? sourceLinksOf(frame, outcome.answer) : [];
  return renderAskPage({
    ...frame,
    treeHtml,
    question,
    answer: 'answer' in outcome ? { text: outcome.answer.answer?.markdown ?? '' } : outcome,
    sources,
    suggestions: (await suggestedQuestions(visit, question)).map((suggestion) => ({
      question: suggestion,
      href: `?ask=${encodeURIComponent(suggestion)}`,
    })),
    headTags: [{ tag: 'meta', name: 'robots', content: 'noindex' }],
  });
}

/**
 * The site's recommended questions but the one asked (`sites.askQuestions` as the visitor:
 * what is stored for the site's version, written by a job, never a model call here). None when
 * they cannot be read: the answer page (and the Ask box, `site-ask-questions.ts`) stands without them.
 */
export async function suggestedQuestions(visit: ReaderVisit, asked: string): Promise<string[]> {
  try {
    const stored = await executeOperation(operations.sites.askQuestions, visit.ctx, {
      organizationId: visit.lookup.organization,
      siteId: visit.lookup.site,
      siteSpaceId: visit.lookup.siteSpace,
    });
    const same = asked.toLowerCase();
    return stored.map((entry) => entry.question).filter((question) => question.toLowerCase() !== same);
  } catch (error) {
    if (isDomainError(error)) return [];
    throw error;
  }
}
