/**
 * A site's recommended questions as stored: the result of the site's questions job for its
 * current version (`site-questions-job.ts`). Read on the request path, never written there:
 * while the job has not run the answer is none, and the first reader to ask for a published
 * site's questions without a job for its version enqueues it (two readers at once may enqueue
 * two; the later result is read). Without an AI provider, or for a site whose customization
 * has AI off (`site-ai-mode.ts`), there are none, and no job.
 */
import type { OperationContext } from '../core/context';
import { enqueueJob } from '../jobs';
import type { SiteRecord } from '../publishing';
import { siteAnswersQuestions } from './site-ai-mode';
import { SITE_QUESTIONS_JOB, SiteQuestionsResultSchema } from './site-questions-job';

/** Who the job is enqueued as: no person (it reads as the site's anonymous visitor). */
const QUESTIONS_ACTOR = 'system';

/** The job's key: the site and its version (a new version, new questions). */
export const siteQuestionsKey = (site: Pick<SiteRecord, 'id' | 'version'>): string =>
  `${site.id}@${site.version}`;

export async function storedSiteQuestions(ctx: OperationContext, site: SiteRecord): Promise<string[]> {
  if (!ctx.answerProvider.configured || !site.published || !siteAnswersQuestions(ctx, site, site.structure))
    return [];
  const key = siteQuestionsKey(site);
  const job = await ctx.repos.jobs.findLatestByKey(SITE_QUESTIONS_JOB, key);
  if (job === null) {
    await enqueueJob(ctx, {
      kind: SITE_QUESTIONS_JOB,
      key,
      payload: { siteId: site.id, siteVersion: site.version },
      organizationId: site.organizationId,
      createdBy: QUESTIONS_ACTOR,
      maxAttempts: 3,
    });
    return [];
  }
  if (job.state !== 'done') return [];
  const result = SiteQuestionsResultSchema.safeParse(job.result);
  return result.success ? result.data.questions : [];
}
