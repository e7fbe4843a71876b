import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { operation } from '../../core/operation';
import { OpenApiOrganizationIdParam, OpenApiSlugSchema, OpenApiVersionIdParam } from '../openapi-fields';
import { viewableOpenApiVersion } from '../openapi-version-lookup';
import {
  type OpenApiVersionContent,
  OpenApiVersionContentSchema,
  presentOpenApiVersionContent,
} from '../openapi-version-schema';

const input = z.strictObject({ organizationId: OpenApiOrganizationIdParam, specSlug: OpenApiSlugSchema });

async function contentOf(
  ctx: OperationContext,
  request: { organizationId: string; specSlug: string; versionId: string },
): Promise<OpenApiVersionContent> {
  const { spec, version } = await viewableOpenApiVersion(ctx, request);
  const content = await ctx.repos.openApiVersions.content(version.id);
  // Its files are written with it: missing only while a spec deletion removes them.
  if (!content) throw notFound('OpenAPI specification version');
  return presentOpenApiVersionContent(ctx.urls, spec, version, content);
}

/** The files of a version by id. Outcomes: those of `viewableOpenApiVersion` (404s). */
export const getOpenApiVersionContent = operation({
  name: 'openapi.versions.content',
  kind: 'query',
  access: 'visitor',
  summary: 'Get the files of a version of an OpenAPI specification',
  input: input.extend({ versionId: OpenApiVersionIdParam }),
  output: OpenApiVersionContentSchema,
  run: (ctx, request) => contentOf(ctx, request),
});

/** The files of the newest version. Outcomes: those of `viewableOpenApiVersion` (404s). */
export const getLatestOpenApiVersionContent = operation({
  name: 'openapi.versions.latestContent',
  kind: 'query',
  access: 'visitor',
  summary: 'Get the files of the newest version of an OpenAPI specification',
  input,
  output: OpenApiVersionContentSchema,
  run: (ctx, request) => contentOf(ctx, { ...request, versionId: 'latest' }),
});
