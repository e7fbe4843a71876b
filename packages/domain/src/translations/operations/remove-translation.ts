import { z } from 'zod';
import { forbidden } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeTranslations, translationPermissionsFor } from '../../policies/translation-policy';
import { TranslationIdParam, TranslationOrganizationIdParam } from '../translation-fields';

/**
 * Deletes a translation. Its result space stays (it is a space of the organization like
 * any other); a run going finds no translation and ends. Outcomes: done, or no such
 * translation in the organization (or one of a source the caller cannot view, left as it
 * is), 204 (deleting what is not there succeeds); not a member, 404 'Organization'; a
 * guest, 404 'Translation'; a role below `create`, or below `edit` on the source space, 403.
 */
export const removeTranslation = operation({
  name: 'translations.remove',
  kind: 'mutation',
  summary: 'Delete a translation',
  input: z.strictObject({
    organizationId: TranslationOrganizationIdParam,
    translationId: TranslationIdParam,
  }),
  output: z.null(),
  async run(ctx, input) {
    const { member } = await authorizeTranslations(ctx, input.organizationId, 'edit');
    const translation = await ctx.repos.translations.findById(input.translationId);
    if (translation?.organizationId !== input.organizationId) return null;
    const permissions = (await translationPermissionsFor(ctx, member, [translation])).get(translation.id);
    // One of a source the caller cannot view is, to them, not there.
    if (!permissions?.view) return null;
    if (!permissions.edit)
      throw forbidden('source.space: your role on the source space does not allow: edit');
    await ctx.repos.translations.delete(translation.id);
    return null;
  },
});
