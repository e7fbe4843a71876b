import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeOpenApiSpec } from '../../policies/openapi-policy';
import { OpenApiOrganizationIdParam, OpenApiSlugSchema } from '../openapi-fields';
import { type OpenApiSpec, OpenApiSpecSchema, presentOpenApiSpec } from '../openapi-spec-schema';

/**
 * An OpenAPI specification by slug: for members with a role, and for anyone (anonymous
 * visitors too) when it is 'public' (`openApiSpecPermissionsOf`). Outcomes: a spec the
 * caller may not view, or no such spec, 404.
 */
export const getOpenApiSpec = operation({
  name: 'openapi.get',
  kind: 'query',
  access: 'visitor',
  summary: 'Get an OpenAPI specification by its slug',
  input: z.strictObject({ organizationId: OpenApiOrganizationIdParam, specSlug: OpenApiSlugSchema }),
  output: OpenApiSpecSchema,
  async run(ctx, input): Promise<OpenApiSpec> {
    const { spec, permissions } = await authorizeOpenApiSpec(
      ctx,
      input.organizationId,
      input.specSlug,
      'view',
    );
    return presentOpenApiSpec(ctx.urls, spec, permissions);
  },
});
