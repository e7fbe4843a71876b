/**
 * The job writing a site's recommended questions (`ask.siteQuestions`), one per site version
 * (`JobRecord.key`: the site's id and version, so a site published again, or changed, gets
 * new ones): the site's content as its anonymous visitor reads it (`site-question-passages.ts`)
 * goes to the AI provider, asked for a few questions those passages answer; its answer is read
 * defensively (`questions-of-answer.ts`) and the questions are the job's result, which the
 * questions' operations read (`stored-questions.ts`). Not on any request's path: a reader
 * asking for the questions is answered what is stored.
 *
 * Nothing to read (a site not published, needing a share link or a token, with no page), a
 * site changed since the job was enqueued, or no provider: no questions, no model call. A
 * provider that fails is tried again (three attempts), then the job fails and the site has
 * none for this version.
 */
import { z } from 'zod';
import { AiProviderError } from '../core/ai-provider-error';
import type { OperationContext } from '../core/context';
import { JobFailure, type JobHandler } from '../jobs';
import { QUESTION_LIMITS } from './ask-limits';
import type { Passage } from './passages';
import { questionsOfAnswer } from './questions-of-answer';
import { siteQuestionPassages } from './site-question-passages';

export const SITE_QUESTIONS_JOB = 'ask.siteQuestions';

const PayloadSchema = z.object({ siteId: z.string(), siteVersion: z.number() });

/** The job's result: the questions, in order. */
export const SiteQuestionsResultSchema = z.object({ questions: z.array(z.string()) });

const SYSTEM = [
  'You suggest questions a reader of a documentation site might ask its assistant.',
  'Use only the numbered passages the user gives: each question must be answered by them.',
  `Answer a JSON array of at most ${QUESTION_LIMITS.questions} short questions (strings), nothing else,`,
  'in the language of the passages.',
].join('\n');

const writeSiteQuestions: JobHandler = async (ctx, job, report) => {
  const { siteId, siteVersion } = PayloadSchema.parse(job.payload);
  const site = await ctx.repos.sites.findById(siteId);
  if (!site || site.version !== siteVersion || !ctx.answerProvider.configured) return { questions: [] };
  const passages = await siteQuestionPassages(ctx, site);
  report.log(`${passages.length} pages read`);
  if (passages.length === 0) return { questions: [] };
  const questions = questionsOfAnswer(await answerOf(ctx, passages, report.signal));
  report.log(`${questions.length} questions kept`);
  return { questions };
};

/** The model's answer, read up to `QUESTION_LIMITS.answerChars`; a provider's failure, a retried `JobFailure`. */
async function answerOf(
  ctx: OperationContext,
  passages: readonly Passage[],
  signal: AbortSignal,
): Promise<string> {
  const user = passages
    .map((passage) => `[${passage.number}] ${passage.title} (${passage.path})\n${passage.text}`)
    .join('\n\n');
  let text = '';
  try {
    for await (const part of ctx.answerProvider.stream({
      system: SYSTEM,
      user,
      maxTokens: QUESTION_LIMITS.answerTokens,
    })) {
      text += part;
      if (text.length >= QUESTION_LIMITS.answerChars || signal.aborted) break;
    }
  } catch (error) {
    if (error instanceof AiProviderError)
      throw new JobFailure(`PROVIDER_${error.kind.toUpperCase().replace('-', '_')}`, error.message, true);
    throw error;
  }
  return text.slice(0, QUESTION_LIMITS.answerChars);
}

/** The ask area's job handlers, by kind. */
export const askJobHandlers = { [SITE_QUESTIONS_JOB]: writeSiteQuestions };
