/** The version a request names (an id, or the newest), with its spec, for a caller who may view it. */
import type { OperationContext } from '../core/context';
import { notFound } from '../core/errors';
import { authorizeOpenApiSpec } from '../policies/openapi-policy';
import { publishedSpecNames } from './published-spec-names';
import type { OpenApiSpecRecord, OpenApiVersionRecord } from './records';

/**
 * Anyone may read those of a 'public' spec; a site API token's visitor only the newest version
 * of a spec their published pages name (`published-spec-names.ts`). Outcomes: a spec the caller may not view, or no
 * such spec, 404 'OpenAPI specification'; no such
 * version (or, for the newest, none processed yet), 404 'OpenAPI specification version'.
 */
export async function viewableOpenApiVersion(
  ctx: OperationContext,
  input: { organizationId: string; specSlug: string; versionId: string | 'latest' },
): Promise<{ spec: OpenApiSpecRecord; version: OpenApiVersionRecord }> {
  const { spec } = await authorizeOpenApiSpec(ctx, input.organizationId, input.specSlug, 'view', (grant) =>
    publishedSpecNames(ctx, grant),
  );
  const versionId = input.versionId === 'latest' ? spec.lastVersion : input.versionId;
  // A page shows a spec as it is now: an older version is not the published one.
  if (ctx.caller?.site !== undefined && versionId !== spec.lastVersion)
    throw notFound('OpenAPI specification version');
  const version =
    versionId === undefined ? null : await ctx.repos.openApiVersions.findById(spec.id, versionId);
  if (!version) throw notFound('OpenAPI specification version');
  return { spec, version };
}
