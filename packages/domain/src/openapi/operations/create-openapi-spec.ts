import { z } from 'zod';
import { callerOf, type OperationContext } from '../../core/context';
import { conflict } from '../../core/errors';
import { operation } from '../../core/operation';
import { authorizeOpenApiSpecs } from '../../policies/openapi-policy';
import { OpenApiOrganizationIdParam, OpenApiSlugSchema, OpenApiSourceSchema } from '../openapi-fields';
import { uploadOpenApiSource } from '../openapi-jobs';
import type { OpenApiSource } from '../openapi-processor';
import { type OpenApiSpec, OpenApiSpecSchema, presentOpenApiSpec } from '../openapi-spec-schema';
import type { OpenApiSpecRecord } from '../records';

/**
 * Creates an OpenAPI specification from a URL or a text and starts processing it (a job):
 * answers at once, `processingState` 'pending'; the spec's `lastVersion`, `lastProcessedAt`
 * and `lastProcessErrorCode` follow the job. Private until made public. Outcomes: not a
 * member, or a guest, 404; a role below `create`, 403; a slug the organization already
 * has, 409 naming `slug` and nothing written; a bad slug or source, 400 naming the field.
 */
export const createOpenApiSpec = operation({
  name: 'openapi.create',
  kind: 'mutation',
  summary: 'Create an OpenAPI specification',
  input: z.strictObject({
    organizationId: OpenApiOrganizationIdParam,
    slug: OpenApiSlugSchema,
    source: OpenApiSourceSchema,
  }),
  output: OpenApiSpecSchema,
  async run(ctx, input): Promise<OpenApiSpec> {
    const { permissions } = await authorizeOpenApiSpecs(ctx, input.organizationId, 'edit');
    const spec = await insertOpenApiSpec(ctx, input.organizationId, input.slug);
    if (!spec) throw conflict('slug: the organization has an OpenAPI specification with this slug');
    const uploaded = await uploadOpenApiSource(ctx, spec, input.source as OpenApiSource);
    return presentOpenApiSpec(ctx.urls, uploaded ?? spec, permissions);
  },
});

/** Stores a new spec with no upload yet; null when the slug is taken (nothing written). */
export async function insertOpenApiSpec(
  ctx: OperationContext,
  organizationId: string,
  slug: string,
): Promise<OpenApiSpecRecord | null> {
  const now = ctx.clock.now().toISOString();
  const spec: OpenApiSpecRecord = {
    id: ctx.ids.newId(),
    organizationId,
    slug,
    visibility: 'private',
    processingState: 'pending',
    createdBy: callerOf(ctx).userId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  return (await ctx.repos.openApiSpecs.insert(spec)) ? spec : null;
}
