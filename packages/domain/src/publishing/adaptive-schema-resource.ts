/** The SiteAdaptiveSchema resource, the template conditions, and their presenters. */
import { z } from 'zod';
import { TimestampSchema } from '../core/schemas';
import { type AdaptiveSchema, type TemplateCondition, templateConditionsOf } from './conditions';
import type { SiteRecord } from './records';
import { siteAdaptiveSchemaOf } from './site-conditions';

export const SiteAdaptiveSchemaSchema = z
  .object({
    object: z.literal('site-adaptive-schema').describe('Always "site-adaptive-schema"'),
    jsonSchema: z
      .record(z.string(), z.unknown())
      .describe("JSON Schema (draft-07) of the visitor claims the site's conditions may read"),
    updatedAt: TimestampSchema.describe('When the schema was last set (the site creation while never set)'),
  })
  .meta({ id: 'SiteAdaptiveSchema', description: "The schema of a site's visitor claims" });

export type SiteAdaptiveSchema = z.infer<typeof SiteAdaptiveSchemaSchema>;

export const TemplateConditionsSchema = z
  .object({
    items: z
      .array(
        z.object({
          description: z.string().describe('What the condition selects'),
          condition: z.string().describe('The condition, ready to set on a section or site space'),
        }),
      )
      .describe("Ready-made conditions over the site's claims"),
  })
  .meta({ id: 'SiteAdaptiveTemplateConditions', description: "Ready-made conditions over a site's claims" });

/** GitBook's description of the group of unsigned claims, which its clients expect. */
const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.';

/** The schema as presented: the group of unsigned claims carries GitBook's description when it has none. */
function presentedSchema(schema: AdaptiveSchema): Record<string, unknown> {
  const unsigned = schema.properties.unsigned;
  if (unsigned === undefined || unsigned.type !== 'object' || unsigned.description !== undefined)
    return { ...schema };
  return {
    ...schema,
    properties: { ...schema.properties, unsigned: { ...unsigned, description: UNSIGNED_DESCRIPTION } },
  };
}

export const presentAdaptiveSchema = (site: SiteRecord): SiteAdaptiveSchema => ({
  object: 'site-adaptive-schema',
  jsonSchema: presentedSchema(siteAdaptiveSchemaOf(site)),
  updatedAt: site.adaptiveSchema?.updatedAt ?? site.createdAt,
});

export const presentTemplateConditions = (site: SiteRecord): { items: TemplateCondition[] } => ({
  items: templateConditionsOf(siteAdaptiveSchemaOf(site)),
});
