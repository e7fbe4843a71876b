/**
 * Runs of a translation. A run is recorded on the translation first (its job's id, chosen
 * beforehand, by compare-and-swap), then its job is stored: of two runs racing, one records
 * itself and the other finds it going (409), so no two runs start. A crash between the two
 * writes leaves a run whose job never appears: it counts as failed once
 * `RUN_ENQUEUE_GRACE_MS` has passed (`translationRunStateOf`, rules 3 and 4).
 * The job itself is `translation-run-job.ts`.
 */
import { callerOf, type OperationContext } from '../core/context';
import { conflict, notFound } from '../core/errors';
import { enqueueJob } from '../jobs';
import { changeTranslation } from './change-translation';
import type { TranslationRecord } from './records';
import { type TranslationRunState, translationRunStateOf } from './translation-status';

export const TRANSLATION_RUN_JOB = 'translation.run';

/** The state of a translation's latest run (its job read). */
export async function runStateOf(
  ctx: Pick<OperationContext, 'repos' | 'clock'>,
  translation: TranslationRecord,
): Promise<TranslationRunState> {
  const job = translation.run ? await ctx.repos.jobs.findById(translation.run.jobId) : null;
  return translationRunStateOf({ run: translation.run, job, now: ctx.clock.now() });
}

/**
 * Starts a run of the translation: records it, then stores its job (`translation.run`,
 * payload `{translationId}`, on the source space, as the caller). Outcomes: a run going
 * (waiting or running, or being recorded by a request racing this one), 409 and nothing
 * written; the translation deleted meanwhile, 404.
 */
export async function startTranslationRun(
  ctx: OperationContext,
  translation: TranslationRecord,
): Promise<TranslationRecord> {
  const jobId = ctx.ids.newId();
  const recorded = await changeTranslation(ctx, translation, async (current) => {
    const { going } = await runStateOf(ctx, current);
    if (going) {
      throw conflict(
        `A run of this translation is going (job ${current.run?.jobId}): wait for it to end, then run it again`,
      );
    }
    return { ...current, run: { jobId, requestedAt: ctx.clock.now().toISOString() } };
  });
  if (!recorded) throw notFound('Translation');
  await enqueueJob(ctx, {
    id: jobId,
    kind: TRANSLATION_RUN_JOB,
    payload: { translationId: recorded.id },
    organizationId: recorded.organizationId,
    spaceId: recorded.sourceSpaceId,
    createdBy: callerOf(ctx).userId,
  });
  return recorded;
}
