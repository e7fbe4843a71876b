import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeOpenApiSpec } from '../../policies/openapi-policy';
import { OpenApiOrganizationIdParam, OpenApiSlugSchema, OpenApiVisibilitySchema } from '../openapi-fields';
import { type OpenApiSpec, OpenApiSpecSchema, presentOpenApiSpec } from '../openapi-spec-schema';

/**
 * Changes the visibility of a specification ('private': members only; 'public': anyone with
 * its public link). Outcomes: not a member, a guest, or no such spec, 404; a role below
 * `create`, 403; a bad visibility, 400; a change racing this one: this one is applied on
 * top of it (compare-and-swap, retried).
 */
export const updateOpenApiSpec = operation({
  name: 'openapi.update',
  kind: 'mutation',
  summary: 'Change the visibility of an OpenAPI specification',
  input: z.strictObject({
    organizationId: OpenApiOrganizationIdParam,
    specSlug: OpenApiSlugSchema,
    visibility: OpenApiVisibilitySchema,
  }),
  output: OpenApiSpecSchema,
  async run(ctx, input): Promise<OpenApiSpec> {
    const { spec, permissions } = await authorizeOpenApiSpec(
      ctx,
      input.organizationId,
      input.specSlug,
      'edit',
    );
    for (let current = spec, attempt = 0; attempt < 10; attempt++) {
      const next = {
        ...current,
        visibility: input.visibility,
        updatedAt: ctx.clock.now().toISOString(),
        version: current.version + 1,
      };
      if (await ctx.repos.openApiSpecs.replace(next, current.version))
        return presentOpenApiSpec(ctx.urls, next, permissions);
      const reread = await ctx.repos.openApiSpecs.findById(spec.id);
      if (!reread) throw notFound('OpenAPI specification');
      current = reread;
    }
    throw new Error(`the OpenAPI specification ${spec.id} kept changing: gave up after 10 tries`);
  },
});
