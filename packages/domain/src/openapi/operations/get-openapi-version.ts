import { z } from 'zod';
import { operation } from '../../core/operation';
import { OpenApiOrganizationIdParam, OpenApiSlugSchema, OpenApiVersionIdParam } from '../openapi-fields';
import { viewableOpenApiVersion } from '../openapi-version-lookup';
import { type OpenApiVersion, OpenApiVersionSchema, presentOpenApiVersion } from '../openapi-version-schema';

const input = z.strictObject({ organizationId: OpenApiOrganizationIdParam, specSlug: OpenApiSlugSchema });

/** A version of a specification by id. Outcomes: those of `viewableOpenApiVersion` (404s). */
export const getOpenApiVersion = operation({
  name: 'openapi.versions.get',
  kind: 'query',
  access: 'visitor',
  summary: 'Get a version of an OpenAPI specification',
  input: input.extend({ versionId: OpenApiVersionIdParam }),
  output: OpenApiVersionSchema,
  async run(ctx, input): Promise<OpenApiVersion> {
    const { spec, version } = await viewableOpenApiVersion(ctx, input);
    return presentOpenApiVersion(ctx.urls, spec, version);
  },
});

/** The newest version of a specification. Outcomes: those of `viewableOpenApiVersion` (404s; none processed yet, 404). */
export const getLatestOpenApiVersion = operation({
  name: 'openapi.versions.latest',
  kind: 'query',
  access: 'visitor',
  summary: 'Get the newest version of an OpenAPI specification',
  input,
  output: OpenApiVersionSchema,
  async run(ctx, input): Promise<OpenApiVersion> {
    const { spec, version } = await viewableOpenApiVersion(ctx, { ...input, versionId: 'latest' });
    return presentOpenApiVersion(ctx.urls, spec, version);
  },
});
