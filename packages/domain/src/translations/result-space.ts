/**
 * The space a translation's runs write into. Its id is reserved on the translation before
 * the space is stored, so a run taken over after a crash stores the same space, never a
 * second one; and it is stored only with a run's translated content, so a run that fails
 * leaves no empty space in the organization (issue 25). The rules, in order:
 *
 * 1. no space reserved, or the reserved one deleted or moved to another organization since
 *    (a user's choice: the next run makes a new one): a new id is reserved on the
 *    translation by compare-and-swap, with nothing translated yet kept (`sourceRevisionId`
 *    dropped, so every page is sent); nothing is stored yet;
 * 2. the reserved space is not stored (the first run, or one that failed or stopped before
 *    storing it): nothing is stored yet; `storeResultSpace` stores it once the run has its
 *    first revision;
 * 3. otherwise the stored space.
 *
 * A stored result space carries its source's access (`result-space-access.ts`), from the
 * moment it is stored.
 */

import {
  newSpaceRecord,
  type RevisionRecord,
  resolveSiblingPosition,
  SPACE_TITLE_MAX,
  type SpaceRecord,
  withTreeLocks,
} from '../content';
import type { OperationContext } from '../core/context';
import { JobFailure } from '../jobs';
import { changeTranslation } from './change-translation';
import type { TranslationRecord } from './records';
import { mirrorGrants } from './result-space-access';
import { TRANSLATION_GONE } from './translation-run-failures';

export interface ReservedResult {
  translation: TranslationRecord;
  /** The id of the result space, reserved on the translation. */
  spaceId: string;
  /** The result space when it is stored (rule 3); null until a run stores it. */
  stored: SpaceRecord | null;
}

export async function reserveResultSpace(
  ctx: OperationContext,
  translation: TranslationRecord,
): Promise<ReservedResult> {
  const stored = translation.result ? await ctx.repos.spaces.findById(translation.result.spaceId) : null;
  if (translation.result && (stored === null || isUsable(stored, translation)))
    return { translation, spaceId: translation.result.spaceId, stored }; // 2. and 3.
  // 1.
  const spaceId = ctx.ids.newId();
  const reserved = await changeTranslation(ctx, translation, (latest) => ({
    ...latest,
    result: { spaceId },
  }));
  if (!reserved) throw new JobFailure(TRANSLATION_GONE, 'The translation was deleted');
  return { translation: reserved, spaceId, stored: null };
}

function isUsable(space: SpaceRecord, translation: TranslationRecord): boolean {
  return space.deletedAt === undefined && space.organizationId === translation.organizationId;
}

/**
 * Stores the reserved result space pointing at its first revision (already written, with the
 * run's content): right after the source space in its collection, titled "<source title>
 * (<language's English name>)", its `language` the target's, live, with the source's
 * visibility, emoji and default level, then the source's grants (`mirrorGrants`: until they
 * are written the space is seen by fewer people, never more). The organization's tree lock
 * is held for the position, as any space creation does. A crash before the space is stored
 * leaves a revision nobody points at, and the next attempt stores the same id.
 */
export async function storeResultSpace(
  ctx: OperationContext,
  reserved: { translation: TranslationRecord; spaceId: string },
  source: SpaceRecord,
  first: RevisionRecord,
): Promise<SpaceRecord> {
  const space = await withTreeLocks(ctx, [source.organizationId], async () => {
    // Read again inside the lock: the source may have moved since the run read it.
    const current = (await ctx.repos.spaces.findById(source.id)) ?? source;
    const position = await resolveSiblingPosition(ctx, {
      organizationId: current.organizationId,
      parentId: current.parentId,
      moving: { kind: 'space', id: reserved.spaceId },
      position: { after: { type: 'space', space: current.id } },
    });
    const space = newSpaceRecord({
      id: reserved.spaceId,
      organizationId: current.organizationId,
      title: resultTitle(current.title, reserved.translation.language),
      position,
      createdAt: ctx.clock.now().toISOString(),
      shareKey: ctx.secrets.randomToken(16),
      revisionId: first.id,
      language: reserved.translation.language,
      visibility: current.visibility,
      defaultLevel: current.defaultLevel,
      ...(current.parentId !== undefined ? { parentId: current.parentId } : {}),
      ...(current.emoji !== undefined ? { emoji: current.emoji } : {}),
    });
    await ctx.repos.spaces.insert(space);
    return space;
  });
  await mirrorGrants(ctx, source, space.id);
  return space;
}

/** "Guide (French)": the source's title, shortened to stay within the limit, and the language's name. */
export function resultTitle(sourceTitle: string, language: string): string {
  const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  const suffix = ` (${name})`;
  return `${(sourceTitle || 'Untitled').slice(0, SPACE_TITLE_MAX - suffix.length)}${suffix}`;
}
