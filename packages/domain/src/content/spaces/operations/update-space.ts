import { z } from 'zod';
import { notFound } from '../../../core/errors';
import { operation } from '../../../core/operation';
import { isEmptyPatch, patchOf } from '../../../core/patch';
import { authorizeSpace } from '../../../policies/authorize-space';
import type { SpaceUpdate } from '../ports';
import {
  DefaultLevelSchema,
  EmojiSchema,
  LanguageSchema,
  SpaceEditModeSchema,
  SpaceTitleSchema,
} from '../space-fields';
import { presentSpace, SpaceSchema } from '../space-schema';
import { SpaceIdParam } from './params';

export const UpdateSpaceInputSchema = z.strictObject({
  spaceId: SpaceIdParam,
  editMode: SpaceEditModeSchema.optional(),
  /** At most 50 characters. */
  title: SpaceTitleSchema.optional(),
  /** null is a level (members get nothing beyond grants), not a removal. */
  defaultLevel: DefaultLevelSchema.optional(),
  /** null removes the language. */
  language: LanguageSchema.nullable().optional().describe('Language code of the content; null removes it'),
  /** null removes the emoji. */
  emoji: EmojiSchema.nullable().optional().describe('Emoji of the space; null removes it'),
});

/** Changes the settings of a space (its admins). An empty body changes nothing and returns the space. */
export const updateSpace = operation({
  name: 'spaces.update',
  kind: 'mutation',
  summary: 'Update the settings of a space',
  input: UpdateSpaceInputSchema,
  output: SpaceSchema,
  async run(ctx, input) {
    const { space, permissions } = await authorizeSpace(ctx, input.spaceId, 'admin');
    const { spaceId: _id, ...fields } = input;
    // A default level of null is a level (nothing beyond grants): only language and emoji clear.
    const patch = patchOf<SpaceUpdate>(fields, ['language', 'emoji']);
    if (isEmptyPatch(patch)) return presentSpace(ctx.urls, space, permissions);
    const updated = await ctx.repos.spaces.update(
      space.id,
      patch.set,
      patch.unset,
      ctx.clock.now().toISOString(),
    );
    if (!updated) throw notFound('Space');
    return presentSpace(ctx.urls, updated, permissions);
  },
});
