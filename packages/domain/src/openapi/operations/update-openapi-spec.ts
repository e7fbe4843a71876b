import { z } from 'zod';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeOpenApiSpec } from '../../policies/openapi-policy';
import { changeSpec } from '../change-openapi-spec';
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
    const changed = await changeSpec(ctx, spec, (current) => ({ ...current, visibility: input.visibility }));
    if (!changed) throw notFound('OpenAPI specification');
    return presentOpenApiSpec(ctx.urls, changed, permissions);
  },
});
