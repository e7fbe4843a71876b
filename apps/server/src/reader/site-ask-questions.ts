/**
 * The questions the header's Ask box suggests when it opens empty (as GitBook's does), read by
 * the page's script on the box's first focus (`GET <base>~reader/ask` with no question: one
 * request when a reader opens the box, none per page view, and the cached page stays the same
 * for everyone). They are the site's recommended questions for the site space read
 * (`sites.askQuestions` as the visitor's site token: stored by the `ask.siteQuestions` job,
 * never a model call here), each with the answer page's address (`?ask=`), which the script
 * streams instead. None on a site that does not answer questions (no AI, or no provider).
 */
import { readerFrameOf } from './reader-frame';
import type { ReaderVisit } from './reader-visit';
import { suggestedQuestions } from './site-ask-page';
import type { SitePages } from './site-pages';

/** At most this many are offered: a short list under the box, as GitBook's. */
const MAX_OFFERED = 6;

export interface AskBoxQuestions {
  questions: Array<{ question: string; href: string }>;
}

export async function askBoxQuestions(visit: ReaderVisit, pages: SitePages): Promise<AskBoxQuestions> {
  const frame = readerFrameOf(visit, pages);
  if (!frame.customization.ai) return { questions: [] };
  const stored = await suggestedQuestions(visit, '');
  return {
    questions: stored.slice(0, MAX_OFFERED).map((question) => ({
      question,
      href: `${frame.searchAction}?ask=${encodeURIComponent(question)}`,
    })),
  };
}
