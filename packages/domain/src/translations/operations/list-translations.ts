import { z } from 'zod';
import { operation } from '../../core/operation';
import { filterSlice, type Page, pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { authorizeTranslations, translationPermissionsFor } from '../../policies/translation-policy';
import { TranslationOrganizationIdParam } from '../translation-fields';
import { runStateOf } from '../translation-runs';
import { presentTranslation, type Translation, TranslationSchema } from '../translation-schema';

/**
 * The translations of an organization, oldest first, for its members with a role: those
 * whose source space the caller may view (`translationPermissionsFor`; `count` counts them all,
 * an upper bound for who does not see every source, as the spaces list's). Outcomes: not a
 * member, 404 'Organization'; a guest, 404 'Translation'; a bad `page`, 400.
 */
export const listTranslations = operation({
  name: 'translations.list',
  kind: 'query',
  summary: 'List the translations of an organization',
  input: z.strictObject({ organizationId: TranslationOrganizationIdParam, ...pagingShape }),
  output: pageSchemaOf(TranslationSchema),
  async run(ctx, input): Promise<Page<Translation>> {
    const { member } = await authorizeTranslations(ctx, input.organizationId, 'view');
    const [listed, count] = await Promise.all([
      ctx.repos.translations.listPage(input.organizationId, pageRequest(input)),
      ctx.repos.translations.count(input.organizationId),
    ]);
    const permissions = await translationPermissionsFor(ctx, member, listed.items);
    const slice = filterSlice(listed, (translation) => permissions.get(translation.id)?.view === true);
    // One read of its latest run's job per translation listed: organizations hold few.
    const states = new Map(
      await Promise.all(
        slice.items.map(async (translation) => [translation.id, await runStateOf(ctx, translation)] as const),
      ),
    );
    return toPage(slice, count, (translation) =>
      presentTranslation(
        ctx.urls,
        translation,
        states.get(translation.id)!,
        permissions.get(translation.id)!,
      ),
    );
  },
});
