import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import { presentTemplateConditions, TemplateConditionsSchema } from '../adaptive-schema-resource';
import type { TemplateCondition } from '../conditions';
import { SiteIdParam, SiteOrganizationIdParam } from '../site-fields';

/**
 * Ready-made conditions over a site's claims, built from its adaptive schema (members with
 * a role): for each claim, its visitors who have it and those who do not. Outcomes: not a
 * member or a guest, 404.
 */
export const listTemplateConditions = operation({
  name: 'sites.adaptiveSchema.templateConditions',
  kind: 'query',
  summary: "List ready-made conditions over a site's visitor claims",
  input: z.strictObject({ organizationId: SiteOrganizationIdParam, siteId: SiteIdParam }),
  output: TemplateConditionsSchema,
  async run(ctx, input): Promise<{ items: TemplateCondition[] }> {
    const { site } = await authorizeSite(ctx, input.organizationId, input.siteId, 'viewAdaptiveSchema');
    return presentTemplateConditions(site);
  },
});
