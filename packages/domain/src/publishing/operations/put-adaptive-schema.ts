import { z } from 'zod';
import { conflict } from '../../core/errors';
import { validationError } from '../../core/execute';
import { operation } from '../../core/operation';
import { authorizeSite } from '../../policies';
import {
  presentAdaptiveSchema,
  type SiteAdaptiveSchema,
  SiteAdaptiveSchemaSchema,
} from '../adaptive-schema-resource';
import { type AdaptiveSchema, compileCondition, validateAdaptiveSchema } from '../conditions';
import type { SiteRecord } from '../records';
import { SiteIdParam, SiteOrganizationIdParam } from '../site-fields';
import { locatedSiteSpaces } from '../site-structure';
import { updateSite } from '../update-site';

/**
 * Sets the JSON Schema of a site's visitor claims (organization admins), replacing the
 * previous one whole. Outcomes: not a member or a guest, 404; a role below admin, 403; a
 * schema outside the accepted shape (`validateAdaptiveSchema`), 400 naming each offending
 * `jsonSchema.<path>`; a schema under which a condition already set on a section or site
 * space would no longer check (it reads a claim the schema drops), 409 naming those
 * sections and site spaces. Nothing is written when refused.
 */
export const putAdaptiveSchema = operation({
  name: 'sites.adaptiveSchema.put',
  kind: 'mutation',
  summary: "Set the schema of a site's visitor claims",
  input: z.strictObject({
    organizationId: SiteOrganizationIdParam,
    siteId: SiteIdParam,
    jsonSchema: z
      .record(z.string(), z.unknown())
      .describe("JSON Schema (draft-07) of the visitor claims the site's conditions may read"),
  }),
  output: SiteAdaptiveSchemaSchema,
  async run(ctx, input): Promise<SiteAdaptiveSchema> {
    const authorized = await authorizeSite(ctx, input.organizationId, input.siteId, 'editAdaptiveSchema');
    const validated = validateAdaptiveSchema(input.jsonSchema);
    if (!validated.ok) {
      throw validationError(
        validated.issues.map((issue) => ({
          field: ['jsonSchema', ...issue.path].join('.'),
          message: issue.message,
        })),
      );
    }
    const { site } = await updateSite(
      ctx,
      input.siteId,
      (current) => {
        const broken = conditionsBrokenBy(current, validated.schema);
        if (broken.length > 0) {
          throw conflict(
            `jsonSchema: these conditions would read claims the schema no longer has; change them first: ${broken.join(', ')}`,
          );
        }
        const adaptiveSchema = { jsonSchema: validated.schema, updatedAt: ctx.clock.now().toISOString() };
        return { site: { ...current, adaptiveSchema }, result: null };
      },
      authorized.site,
    );
    return presentAdaptiveSchema(site);
  },
});

/** The sections and site spaces whose condition does not check against `schema`, described for the refusal. */
function conditionsBrokenBy(site: SiteRecord, schema: AdaptiveSchema): string[] {
  const fails = (condition: string | undefined) =>
    condition !== undefined && !compileCondition(condition, schema).ok;
  return [
    ...site.structure.sections
      .filter((section) => fails(section.condition))
      .map((section) => 'section ' + section.id + ' (' + section.title + ')'),
    ...locatedSiteSpaces(site.structure)
      .filter(({ siteSpace }) => fails(siteSpace.condition))
      .map(({ siteSpace }) => 'site space ' + siteSpace.id),
  ];
}
