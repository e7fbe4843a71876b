/** The version a request names (an id, or the newest), with its spec, for a caller who may view it. */
import type { OperationContext } from '../core/context';
import { notFound } from '../core/errors';
import { authorizeOpenApiSpec } from '../policies/openapi-policy';
import type { OpenApiSpecRecord, OpenApiVersionRecord } from './records';

/**
 * Anyone may read those of a 'public' spec. Outcomes: a spec the caller may not view, or no
 * such spec, 404 'OpenAPI specification'; no such
 * version (or, for the newest, none processed yet), 404 'OpenAPI specification version'.
 */
export async function viewableOpenApiVersion(
  ctx: OperationContext,
  input: { organizationId: string; specSlug: string; versionId: string | 'latest' },
): Promise<{ spec: OpenApiSpecRecord; version: OpenApiVersionRecord }> {
  const { spec } = await authorizeOpenApiSpec(ctx, input.organizationId, input.specSlug, 'view');
  const versionId = input.versionId === 'latest' ? spec.lastVersion : input.versionId;
  const version =
    versionId === undefined ? null : await ctx.repos.openApiVersions.findById(spec.id, versionId);
  if (!version) throw notFound('OpenAPI specification version');
  return { spec, version };
}
