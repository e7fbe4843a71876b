/**
 * The space a translation's runs write into. Its id is reserved on the translation before
 * the space is stored, so a run taken over after a crash stores the same space, never a
 * second one. The rules, in order:
 *
 * 1. no space reserved, or the reserved one deleted or moved to another organization since
 *    (a user's choice: the next run makes a new one): a new id is reserved on the
 *    translation by compare-and-swap, with nothing translated yet kept (`sourceRevisionId`
 *    dropped, so every page is sent);
 * 2. the reserved space is not stored (the first run, or one that stopped after reserving):
 *    it is stored now, empty, right after the source space in its collection, titled
 *    "<source title> (<language's English name>)", its `language` the target's, live,
 *    with the source's visibility and emoji; the organization's tree lock is held for the
 *    position, as any space creation does;
 * 3. otherwise the stored space.
 *
 * The translation's rules decide who may write it (whoever may run the translation): its
 * runs do not need a role on the space itself.
 */

import {
  newSpaceRecord,
  resolveSiblingPosition,
  SPACE_TITLE_MAX,
  type SpaceRecord,
  withTreeLocks,
  writeFirstRevision,
} from '../content';
import { callerOf, type OperationContext } from '../core/context';
import { JobFailure } from '../jobs';
import { changeTranslation } from './change-translation';
import type { TranslationRecord } from './records';
import { TRANSLATION_GONE } from './translation-run-failures';

export async function resultSpaceOf(
  ctx: OperationContext,
  translation: TranslationRecord,
  source: SpaceRecord,
): Promise<{ translation: TranslationRecord; space: SpaceRecord }> {
  let current = translation;
  let stored = current.result ? await ctx.repos.spaces.findById(current.result.spaceId) : null;
  if (!current.result || (stored && !isUsable(stored, current))) {
    // 1.
    const spaceId = ctx.ids.newId();
    const reserved = await changeTranslation(ctx, current, (latest) => ({
      ...latest,
      result: { spaceId },
    }));
    if (!reserved) throw new JobFailure(TRANSLATION_GONE, 'The translation was deleted');
    current = reserved;
    stored = null;
  }
  const spaceId = (current.result as { spaceId: string }).spaceId;
  if (stored) return { translation: current, space: stored }; // 3.
  return { translation: current, space: await storeResultSpace(ctx, spaceId, current, source) }; // 2.
}

function isUsable(space: SpaceRecord, translation: TranslationRecord): boolean {
  return space.deletedAt === undefined && space.organizationId === translation.organizationId;
}

async function storeResultSpace(
  ctx: OperationContext,
  spaceId: string,
  translation: TranslationRecord,
  source: SpaceRecord,
): Promise<SpaceRecord> {
  return withTreeLocks(ctx, [source.organizationId], async () => {
    const place = { organizationId: source.organizationId, parentId: source.parentId };
    const first = await writeFirstRevision(
      ctx,
      { id: spaceId, organizationId: source.organizationId },
      callerOf(ctx).userId,
    );
    const position = await resolveSiblingPosition(ctx, {
      ...place,
      moving: { kind: 'space', id: spaceId },
      position: { after: { type: 'space', space: source.id } },
    });
    const space = newSpaceRecord({
      id: spaceId,
      organizationId: source.organizationId,
      title: resultTitle(source.title, translation.language),
      position,
      createdAt: ctx.clock.now().toISOString(),
      shareKey: ctx.secrets.randomToken(16),
      revisionId: first.id,
      language: translation.language,
      visibility: source.visibility,
      ...(source.parentId !== undefined ? { parentId: source.parentId } : {}),
      ...(source.emoji !== undefined ? { emoji: source.emoji } : {}),
    });
    await ctx.repos.spaces.insert(space);
    return space;
  });
}

/** "Guide (French)": the source's title, shortened to stay within the limit, and the language's name. */
export function resultTitle(sourceTitle: string, language: string): string {
  const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  const suffix = ` (${name})`;
  return `${(sourceTitle || 'Untitled').slice(0, SPACE_TITLE_MAX - suffix.length)}${suffix}`;
}
