/**
 * The run of a translation (`translation.run`), by a worker as the user who started it.
 * Rule by rule:
 *
 * 1. the translation is read: deleted meanwhile, the job fails (`TRANSLATION_GONE`);
 * 2. the run's starter is authorized again with the operation's own guards (`edit` on the
 *    translation, `edit` on the source space): refused (a lowered role, a source hidden,
 *    restricted or deleted since), the job fails (`RUN_REFUSED`, the guard's message),
 *    nothing read or written;
 * 3. the result space's id is found or reserved (`reserveResultSpace`). When the space is
 *    stored, it is given the source's access as it is now (`applySourceAccess`: default
 *    level, collection, grants), and the starter must be able to edit it: refused, the job
 *    fails (`RUN_REFUSED`);
 * 4. the source's current revision is read, and the pages and reusable contents changed since
 *    the last run are chosen (`changedSourcePages`); their texts go to the provider in one
 *    request, which it batches (`translatePages`); the job's progress counts the texts
 *    translated. A provider
 *    failure fails the job with its reason (`PROVIDER_*`, `translation-run-failures.ts`)
 *    and nothing is written: the result space keeps its content;
 * 5. the result is written as one new revision of the result space (`writeJobRevision`: its
 *    compare-and-swap, retried on edits racing it: `assembleResultPages` runs again on the new
 *    head, without translating again): the source's tree (order, nesting, slugs, icons, hidden
 *    flags) and files, each page's text translated now or kept from the result, and the
 *    source's reusable contents, translated the same way, and variables (`result-extras.ts`:
 *    the result's pages include them and print them). A result
 *    identical to the result's head writes nothing. A locked or deleted result space fails the
 *    job (`RESULT_REFUSED`). A result space not stored yet is stored now, pointing at that
 *    revision as its first (`storeResultSpace`, with the source's access): a run that fails
 *    before this point leaves no space behind;
 * 6. the translation records the run by compare-and-swap: `result` (the revision, the
 *    source revision translated, the basis) and the `stats`.
 *
 * Every failure is final (no retry: running it again is the user's call). A worker that dies
 * during the run leaves nothing half-written: the job is taken over and runs from the start
 * (with the same reserved id, so never two result spaces); one that dies between 5 and 6 has
 * the next attempt send the same pages again.
 */
import { documentToMarkdown, type JSONDocument } from '@quire/documents';
import { z } from 'zod';
import {
  type ContentObject,
  type FileEntry,
  filesOf,
  type PageIndex,
  pageIndexOf,
  type RevisionExtras,
  type RevisionRecord,
  type SpaceRecord,
  type StoredPages,
  spaceHead,
  storedSpaceHead,
  writeJobRevision,
  writeRevision,
} from '../content';
import { AiProviderError } from '../core/ai-provider-error';
import type { OperationContext } from '../core/context';
import { failingOnRefusal, JobFailure, type JobHandler } from '../jobs';
import { authorizeSpace } from '../policies/authorize-space';
import { authorizeTranslation, authorizeTranslationSource } from '../policies/translation-policy';
import { changeTranslation } from './change-translation';
import { changedSourcePages } from './changed-source-pages';
import type { TranslationRecord } from './records';
import { assembleResultExtras, NO_PAGES, reusableContentsIndexOf } from './result-extras';
import { assembleResultPages } from './result-pages';
import { reserveResultSpace, storeResultSpace } from './result-space';
import { applySourceAccess } from './result-space-access';
import { translatePages } from './translate-pages';
import { translationBasisOf } from './translation-basis';
import {
  PROVIDER_FAILURE_CODES,
  RESULT_REFUSED,
  RUN_REFUSED,
  TRANSLATION_GONE,
} from './translation-run-failures';
import { TRANSLATION_RUN_JOB } from './translation-runs';

const PayloadSchema = z.object({ translationId: z.string() });

/** What the job answers: the revision written and what was sent. */
export interface TranslationRunResult extends Record<string, unknown> {
  space: string;
  revision: string;
  pages: number;
  words: number;
  texts: number;
}

export const runTranslationJob: JobHandler = async (ctx, job, report) => {
  const started = ctx.clock.now().getTime();
  const { translationId } = PayloadSchema.parse(job.payload);
  const found = await ctx.repos.translations.findById(translationId);
  if (!found) throw new JobFailure(TRANSLATION_GONE, 'The translation was deleted'); // 1.
  const source = await failingOnRefusal(RUN_REFUSED, async () => {
    // 2.
    await authorizeTranslation(ctx, found.organizationId, found.id, 'edit');
    return authorizeTranslationSource(ctx, found.organizationId, found.sourceSpaceId);
  });
  const { translation, spaceId, stored } = await reserveResultSpace(ctx, found); // 3.
  const space = stored ? await applySourceAccess(ctx, source, stored) : null;
  if (space) await failingOnRefusal(RUN_REFUSED, () => authorizeSpace(ctx, space.id, 'edit'));
  const basis = translationBasisOf(translation);
  const sourceHead = await spaceHead(ctx, source);
  const resultHead = space ? await storedSpaceHead(ctx, space) : null;
  const lastSource = await lastTranslated(ctx, translation, basis);
  const [sourceIndex, resultIndex, translatedIndex, sourceContents, resultContents, translatedContents] =
    await Promise.all([
      pageIndexOf(ctx, sourceHead.tree),
      resultHead ? pageIndexOf(ctx, resultHead.tree) : NO_PAGES,
      lastSource ? pageIndexOf(ctx, lastSource.tree) : null,
      reusableContentsIndexOf(ctx, sourceHead),
      reusableContentsIndexOf(ctx, resultHead),
      lastSource ? reusableContentsIndexOf(ctx, lastSource) : null,
    ]);
  const changed = changedSourcePages({
    source: sourceIndex,
    translated: translatedIndex,
    result: resultIndex,
  });
  const changedContents = changedSourcePages({
    source: sourceContents,
    translated: translatedContents,
    result: resultContents,
  });
  report.log(
    `translating ${changed.length} of ${sourceIndex.pages.size} pages and ${changedContents.length} of ${sourceContents.pages.size} reusable contents into ${translation.language}`,
  );
  const translated = await providerFailureAsFailure(() =>
    translatePages(ctx, {
      // Reusable contents are stored as pages are (ids never shared with a page).
      pages: [...changed, ...changedContents],
      source: translation.sourceLanguage,
      target: translation.language,
      instructions: instructionsText(translation),
      signal: report.signal,
      onProgress: (done, total) => report.progress(done, total),
    }),
  ); // 4.
  const sourceFiles = await filesOf(ctx, sourceHead);
  const assemble = (result: PageIndex) =>
    assembleResultPages({
      source: sourceIndex,
      translated: translated.pages,
      result,
      now: ctx.clock.now().toISOString(),
    });
  const extrasOn = (head: RevisionRecord | null) =>
    assembleResultExtras(ctx, {
      source: sourceHead,
      sourceContents,
      translated: translated.pages,
      head,
      now: ctx.clock.now().toISOString(),
    });
  const revision =
    space && resultHead
      ? await writeJobRevision(
          ctx,
          { space, head: resultHead, createdBy: job.createdBy, refused: RESULT_REFUSED },
          async (head, result) => ({
            pages: assemble(result),
            files: sourceFiles,
            objects: translated.bodies,
            extras: await extrasOn(head),
          }),
        )
      : await storeWithFirstRevision(ctx, {
          reserved: { translation, spaceId },
          source,
          pages: assemble(NO_PAGES),
          files: sourceFiles,
          objects: translated.bodies,
          extras: await extrasOn(null),
          createdBy: job.createdBy,
        }); // 5.
  await recordRun(ctx, translation, {
    revision,
    sourceRevisionId: sourceHead.id,
    basis,
    pages: changed.length,
    words: translated.words,
    seconds: Math.round((ctx.clock.now().getTime() - started) / 1000),
  }); // 6.
  report.log(
    `translated ${changed.length} pages and ${changedContents.length} reusable contents (${translated.words} words, ${translated.texts} texts): revision ${revision.id}`,
  );
  return {
    space: revision.spaceId,
    revision: revision.id,
    pages: changed.length,
    words: translated.words,
    texts: translated.texts,
  } satisfies TranslationRunResult;
};

/** Rule 5 on a result space not stored yet: its first revision with the run's content, then the space. */
async function storeWithFirstRevision(
  ctx: OperationContext,
  run: {
    reserved: { translation: TranslationRecord; spaceId: string };
    source: SpaceRecord;
    pages: StoredPages;
    files: FileEntry[];
    objects: ReadonlyMap<string, ContentObject>;
    extras: RevisionExtras;
    createdBy: string;
  },
): Promise<RevisionRecord> {
  const revision = await writeRevision(ctx, {
    space: { id: run.reserved.spaceId, organizationId: run.source.organizationId },
    parents: [],
    kind: 'initial',
    createdBy: run.createdBy,
    pages: run.pages,
    files: run.files,
    objects: run.objects,
    extras: run.extras,
  });
  await storeResultSpace(ctx, run.reserved, run.source, revision);
  return revision;
}

/** The source revision the last run translated, when it was translated with the current basis. */
async function lastTranslated(
  ctx: OperationContext,
  translation: TranslationRecord,
  basis: string,
): Promise<RevisionRecord | null> {
  const result = translation.result;
  if (result?.sourceRevisionId === undefined || result.basis !== basis) return null;
  return ctx.repos.revisions.findById(translation.sourceSpaceId, result.sourceRevisionId);
}

/** The instructions as the provider reads them: markdown, none when the document is empty. */
function instructionsText(translation: TranslationRecord): string | undefined {
  const text = documentToMarkdown(translation.instructions as unknown as JSONDocument).trim();
  return text === '' ? undefined : text;
}

async function recordRun(
  ctx: OperationContext,
  translation: TranslationRecord,
  run: {
    revision: RevisionRecord;
    sourceRevisionId: string;
    basis: string;
    pages: number;
    words: number;
    seconds: number;
  },
): Promise<void> {
  const recorded = await changeTranslation(ctx, translation, (current) => {
    const stats = current.stats;
    return {
      ...current,
      result: {
        spaceId: run.revision.spaceId,
        revisionId: run.revision.id,
        sourceRevisionId: run.sourceRevisionId,
        basis: run.basis,
      },
      stats: {
        runs: stats.runs + 1,
        totalWords: stats.totalWords + run.words,
        totalPages: stats.totalPages + run.pages,
        totalDuration: stats.totalDuration + run.seconds,
        latestRunDuration: run.seconds,
        latestPages: run.pages,
        latestWords: run.words,
      },
    };
  });
  if (!recorded) throw new JobFailure(TRANSLATION_GONE, 'The translation was deleted while it ran');
}

async function providerFailureAsFailure<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AiProviderError)
      throw new JobFailure(PROVIDER_FAILURE_CODES[error.kind], error.message);
    throw error;
  }
}

/** The translations area's job handlers, by kind. */
export const translationJobHandlers = { [TRANSLATION_RUN_JOB]: runTranslationJob };
