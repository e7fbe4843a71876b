import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import {
  presentAdaptiveSchema,
  type SiteAdaptiveSchema,
  SiteAdaptiveSchemaSchema,
} from '../adaptive-schema-resource';
import { SiteIdParam, SiteOrganizationIdParam } from '../site-fields';

/**
 * The JSON Schema of a site's visitor claims (members with a role): the default (no claims
 * but an empty `unsigned` group) with the site's creation time while it was never set.
 * Outcomes: not a member or a guest, 404.
 */
export const getAdaptiveSchema = operation({
  name: 'sites.adaptiveSchema.get',
  kind: 'query',
  summary: "Get the schema of a site's visitor claims",
  input: z.strictObject({ organizationId: SiteOrganizationIdParam, siteId: SiteIdParam }),
  output: SiteAdaptiveSchemaSchema,
  async run(ctx, input): Promise<SiteAdaptiveSchema> {
    const { site } = await authorizeSite(ctx, input.organizationId, input.siteId, 'viewAdaptiveSchema');
    return presentAdaptiveSchema(site);
  },
});
