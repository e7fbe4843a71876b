import { z } from 'zod';
import { callerOf } from '../../../core/context';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { authorizeSpace, spaceAccessFor } from '../../../policies/authorize-space';
import { authorizeEntering } from '../../../policies/content-placement';
import { resolveSiblingPosition } from '../../positions/resolve-sibling-position';
import { contentWithoutGit } from '../../revisions/content-without-git';
import { firstRevisionObjects } from '../../revisions/first-revision';
import type { RevisionRecord } from '../../revisions/records';
import { spaceHead } from '../../revisions/revision-writer';
import { assertInLockedTree, withTreeLocks } from '../../tree-lock';
import { SPACE_TITLE_MAX } from '../space-fields';
import { presentSpace, SpaceSchema } from '../space-schema';
import { newSpaceRecord } from './create-space';
import { SpaceIdParam } from './params';

const COPY_SUFFIX = ' (copy)';

/** "Title (copy)", the original shortened when needed to stay within the title limit. */
export function copyTitle(title: string): string {
  return `${title.slice(0, SPACE_TITLE_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`.trim();
}

/**
 * A new space with the settings of the original (emoji, language, edit mode, visibility,
 * default level, parent), titled "<title> (copy)" and placed right after the original.
 * Needs to view the original, and the right to create content where the copy goes (the
 * placement rules: `create` on the original's collection, or the organization's
 * `createContent` at the top level). Outcomes: the original unknown or hidden, 404; no
 * right to create there, 403. Grants on the original are not copied (the copy starts from
 * the inherited access). The content is the original's current content: the copy's first
 * revision (kind `initial`, made by the caller, no parents) points at the same page tree,
 * files and reusable contents, so no page or byte is copied; only the Git Sync provenance is
 * left behind (the revision's commit, the pages', files' and reusable contents' blobs:
 * `contentWithoutGit`), because the copy is a fresh space synced with no repository. Runs
 * under the organization's tree lock (409 'conflict' when it stays busy).
 */
export const duplicateSpace = operation({
  name: 'spaces.duplicate',
  kind: 'mutation',
  summary: 'Duplicate a space: its settings and its current content',
  input: z.strictObject({ spaceId: SpaceIdParam }),
  output: SpaceSchema,
  async run(ctx, input) {
    // Refused callers are refused before waiting for the tree.
    const { space: seen } = await authorizeSpace(ctx, input.spaceId, 'view');
    const locked = [seen.organizationId];
    return withTreeLocks(ctx, locked, async () => {
      const { space: original } = await authorizeSpace(ctx, input.spaceId, 'view');
      assertInLockedTree(original.organizationId, locked);
      const place = { organizationId: original.organizationId, parentId: original.parentId };
      await authorizeEntering(ctx, 'space', place);
      const id = ctx.ids.newId();
      const userId = callerOf(ctx).userId;
      const source = await spaceHead(ctx, original);
      // An original made before content existed: its empty objects may be stored nowhere yet.
      if (original.revisionId === undefined) await ctx.repos.contentObjects.putMany(firstRevisionObjects());
      // The copy's first revision shares the original's objects (content-addressed), all but
      // those that say where a Git Sync import read them from: the copy is synced with nothing.
      const content = await contentWithoutGit(ctx, source);
      if (content.objects.size > 0) await ctx.repos.contentObjects.putMany(content.objects);
      const first: RevisionRecord = {
        ...source,
        ...content.fields,
        id: ctx.ids.newId(),
        spaceId: id,
        parents: [],
        depth: 0,
        kind: 'initial',
        createdBy: userId,
        createdAt: ctx.clock.now().toISOString(),
      };
      delete first.changeRequestId;
      delete first.git;
      await ctx.repos.revisions.insert(first);
      const position = await resolveSiblingPosition(ctx, {
        ...place,
        moving: { kind: 'space', id },
        position: { after: { type: 'space', space: original.id } },
      });
      const copy = newSpaceRecord({
        id,
        organizationId: original.organizationId,
        title: copyTitle(original.title),
        position,
        createdAt: ctx.clock.now().toISOString(),
        shareKey: ctx.secrets.randomToken(16),
        revisionId: first.id,
        editMode: original.editMode,
        visibility: original.visibility,
        defaultLevel: original.defaultLevel,
        ...(original.parentId !== undefined ? { parentId: original.parentId } : {}),
        ...(original.emoji !== undefined ? { emoji: original.emoji } : {}),
        ...(original.language !== undefined ? { language: original.language } : {}),
      });
      await ctx.repos.spaces.insert(copy);
      const access = (await spaceAccessFor(ctx, [copy])).get(copy.id);
      if (!access) throw notFound('Space');
      return presentSpace(ctx.urls, copy, access.permissions);
    });
  },
});
