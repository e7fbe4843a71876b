import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeOpenApiSpecs } from '../../policies/openapi-policy';
import { OpenApiOrganizationIdParam, OpenApiSlugSchema, OpenApiSourceSchema } from '../openapi-fields';
import { uploadOpenApiSource } from '../openapi-jobs';
import type { OpenApiSource } from '../openapi-processor';
import { type OpenApiSpec, OpenApiSpecSchema, presentOpenApiSpec } from '../openapi-spec-schema';
import { insertOpenApiSpec } from './create-openapi-spec';

/**
 * Uploads a new source for the specification `specSlug`, creating the spec when the
 * organization has none by that slug (GitBook's create-or-update), and starts processing
 * it; answers at once, `processingState` 'pending'. The versions processed before stay;
 * the last one stays `lastVersion` until this upload is processed without error.
 * Outcomes: not a member, or a guest, 404; a role below `create`, 403; a bad slug or
 * source, 400 naming the field. Two uploads racing: both are recorded, the later one's
 * outcome is the spec's.
 */
export const putOpenApiSpec = operation({
  name: 'openapi.put',
  kind: 'mutation',
  summary: 'Create or update an OpenAPI specification by its slug',
  input: z.strictObject({
    organizationId: OpenApiOrganizationIdParam,
    specSlug: OpenApiSlugSchema,
    source: OpenApiSourceSchema,
  }),
  output: OpenApiSpecSchema,
  async run(ctx, input): Promise<OpenApiSpec> {
    const { permissions } = await authorizeOpenApiSpecs(ctx, input.organizationId, 'edit');
    const spec =
      (await ctx.repos.openApiSpecs.findBySlug(input.organizationId, input.specSlug)) ??
      (await insertOpenApiSpec(ctx, input.organizationId, input.specSlug)) ??
      // Created by a request racing this one: upload onto it.
      (await ctx.repos.openApiSpecs.findBySlug(input.organizationId, input.specSlug));
    if (!spec) throw notFound('OpenAPI specification');
    const uploaded = await uploadOpenApiSource(ctx, spec, input.source as OpenApiSource);
    if (!uploaded) throw notFound('OpenAPI specification');
    return presentOpenApiSpec(ctx.urls, uploaded, permissions);
  },
});
