import { z } from 'zod';
import { operation } from '../../core/operation';
import { authorizeOpenApiSpecs } from '../../policies/openapi-policy';
import { OpenApiOrganizationIdParam, OpenApiSlugSchema } from '../openapi-fields';

/**
 * Deletes a specification and its versions. A job still processing an upload of it finds
 * no spec and ends. Outcomes: done, or no such spec, 204 (GitBook's: deleting what is not
 * there succeeds); not a member, or a guest, 404; a role below `create`, 403.
 */
export const removeOpenApiSpec = operation({
  name: 'openapi.remove',
  kind: 'mutation',
  summary: 'Delete an OpenAPI specification',
  input: z.strictObject({ organizationId: OpenApiOrganizationIdParam, specSlug: OpenApiSlugSchema }),
  output: z.null(),
  async run(ctx, input) {
    await authorizeOpenApiSpecs(ctx, input.organizationId, 'delete');
    const spec = await ctx.repos.openApiSpecs.findBySlug(input.organizationId, input.specSlug);
    if (!spec) return null;
    // The spec first: once it is gone nothing lists its versions, and a crash before they
    // are removed leaves unreachable files, never a spec without its versions.
    await ctx.repos.openApiSpecs.delete(spec.id);
    await ctx.repos.openApiVersions.deleteForSpec(spec.id);
    return null;
  },
});
