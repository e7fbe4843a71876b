/**
 * The job that tells the docs renderers which cache tags to drop (`renderer.revalidate`).
 * A job, so that a renderer that is down or restarting is told later, however often the
 * server restarts meanwhile: an unreachable renderer is a retried failure, and after the
 * last attempt its cache lives out its own lifetime (a day for GitBook's renderer).
 *
 * Outcomes: no renderer configured any more, done without a call; every renderer told, done;
 * one failed, retried (`RENDERER_UNREACHABLE`) up to the job's attempts.
 */
import type { OperationContext } from '../core/context';
import { JobFailure, type JobHandler, type JobRecord, type JobReport } from '../jobs';

export const REVALIDATE_RENDERERS_JOB = 'renderer.revalidate';

/** The most tags one job carries (a revalidation call's body stays small). */
export const MAX_TAGS_PER_JOB = 200;

const tagsOf = (job: JobRecord): string[] => {
  const tags = job.payload.tags;
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
};

const revalidateRenderers: JobHandler = async (ctx: OperationContext, job: JobRecord, report: JobReport) => {
  const tags = tagsOf(job);
  if (!ctx.rendererRevalidation.configured || tags.length === 0) return { tags: 0 };
  try {
    await ctx.rendererRevalidation.revalidate(tags, report.signal);
  } catch (error) {
    throw new JobFailure(
      'RENDERER_UNREACHABLE',
      `A renderer was not told: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
  report.log(`told the renderers to drop ${tags.length} tag(s)`);
  return { tags: tags.length };
};

export const revalidationJobHandlers = { [REVALIDATE_RENDERERS_JOB]: revalidateRenderers };
