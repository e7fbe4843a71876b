/**
 * Whether a site answers questions: its customization's AI mode (`ai.mode`, `search` or
 * `assistant`; `none` by default) is on for the site, or for one of the site spaces named (a
 * site space's own override). A site whose owner never turned AI on sends none of its content
 * to the AI provider, whoever asks and on whatever face (the reader's Ask box already showed
 * only where it is on; the API asked the provider for any published site).
 */
import type { OperationContext } from '../core/context';
import { locatedSiteSpaces, publishedCustomizations, type SiteRecord, type Structure } from '../publishing';

export const SITE_WITHOUT_AI_MESSAGE =
  "This site does not answer questions: AI is off in its customization (set `ai.mode` to 'search' or 'assistant')";

export function siteAnswersQuestions(
  ctx: Pick<OperationContext, 'urls'>,
  site: SiteRecord,
  structure: Structure,
): boolean {
  const ids = locatedSiteSpaces(structure).map((located) => located.siteSpace.id);
  const customizations = publishedCustomizations(ctx.urls, site, ids);
  return [customizations.site, ...Object.values(customizations.siteSpaces)].some(
    (settings) => (settings.ai?.mode ?? 'none') !== 'none',
  );
}
