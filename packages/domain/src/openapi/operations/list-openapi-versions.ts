import { z } from 'zod';
import { operation } from '../../core/operation';
import { type Page, pageRequest, pageSchemaOf, pagingShape, sliceById, toPage } from '../../core/paging';
import { authorizeOpenApiSpec } from '../../policies/openapi-policy';
import { OpenApiOrganizationIdParam, OpenApiSlugSchema } from '../openapi-fields';
import { type OpenApiVersion, OpenApiVersionSchema, presentOpenApiVersion } from '../openapi-version-schema';

/**
 * The versions of a specification (each upload processed without error), newest first.
 * Anyone may list those of a 'public' spec. Outcomes: a spec the caller may not view (not a
 * member, a guest, and the spec not public), or no such spec, 404; a bad `page`, 400.
 */
export const listOpenApiVersions = operation({
  name: 'openapi.versions.list',
  kind: 'query',
  access: 'visitor',
  summary: 'List the versions of an OpenAPI specification',
  input: z.strictObject({
    organizationId: OpenApiOrganizationIdParam,
    specSlug: OpenApiSlugSchema,
    ...pagingShape,
  }),
  output: pageSchemaOf(OpenApiVersionSchema),
  async run(ctx, input): Promise<Page<OpenApiVersion>> {
    const { spec } = await authorizeOpenApiSpec(ctx, input.organizationId, input.specSlug, 'view');
    const versions = await ctx.repos.openApiVersions.listForSpec(spec.id);
    const slice = sliceById(versions, (version) => version.id, pageRequest(input));
    return toPage(slice, versions.length, (version) => presentOpenApiVersion(ctx.urls, spec, version));
  },
});
