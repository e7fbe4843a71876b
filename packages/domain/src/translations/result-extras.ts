/**
 * What a translation's result holds besides its pages: the source's reusable contents and
 * variables. A page names a reusable content by id (`{% include "/reusable-contents/<id>" %}`)
 * and a variable by name (`{{ space.vars.<name> }}`), and the result's pages keep the
 * source's text around them; a result without them read every include as missing and every
 * expression as without value, on the result space and on every site publishing it.
 *
 * - Reusable contents are translated as pages are, under the same rules, in the same run
 *   (`changedSourcePages`, `assembleResultPages`: a reusable content is stored as a page, ids
 *   kept), so each include of a result page reads the translation of the reusable content
 *   the source's page includes, and a correction made in the result is kept until the source
 *   changes it.
 * - The space's variables are the source's, as they are: values a page prints (a version, a
 *   product's name), not text, and GitBook does not translate them either.
 */
import {
  emptyTree,
  indexPages,
  type PageIndex,
  pageIndexOf,
  type RevisionExtras,
  type RevisionRecord,
  variablesOf,
} from '../content';
import type { OperationContext } from '../core/context';
import { assembleResultPages } from './result-pages';
import type { TranslatedPage } from './translate-pages';

/** No page, nothing read: a revision without reusable contents, a result not stored yet. */
export const NO_PAGES: PageIndex = indexPages(emptyTree().address, new Map());

/** The reusable contents of a revision, indexed as pages are (none: `NO_PAGES`). */
export function reusableContentsIndexOf(
  ctx: Pick<OperationContext, 'repos'>,
  revision: RevisionRecord | null,
): Promise<PageIndex> {
  if (revision?.reusableContents === undefined) return Promise.resolve(NO_PAGES);
  return pageIndexOf(ctx, revision.reusableContents);
}

/**
 * The result's reusable contents and variables, assembled on the result's `head` (null: not
 * stored yet) from the source's reusable contents and this run's translations.
 */
export async function assembleResultExtras(
  ctx: Pick<OperationContext, 'repos'>,
  subject: {
    source: RevisionRecord;
    sourceContents: PageIndex;
    translated: ReadonlyMap<string, TranslatedPage>;
    head: RevisionRecord | null;
    now: string;
  },
): Promise<RevisionExtras> {
  const [result, variables] = await Promise.all([
    reusableContentsIndexOf(ctx, subject.head),
    variablesOf(ctx, subject.source),
  ]);
  return {
    reusableContents: assembleResultPages({
      source: subject.sourceContents,
      translated: subject.translated,
      result,
      now: subject.now,
    }),
    variables,
  };
}
