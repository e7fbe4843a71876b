/** The OpenAPISpec resource and its presenter. */
import { z } from 'zod';
import type { PublicUrls } from '../core/context';
import { TimestampSchema } from '../core/schemas';
import type { OpenApiSpecPermissions } from '../policies/openapi-policy';
import { OpenApiSlugSchema, OpenApiVisibilitySchema } from './openapi-fields';
import { OPENAPI_ERROR_CODES } from './openapi-processor';
import { openApiSpecAppUrl, openApiSpecLocation, openApiSpecPublishedUrl } from './openapi-urls';
import type { OpenApiSpecRecord } from './records';

export const OpenApiProcessingStateSchema = z.enum(['pending', 'progress', 'complete']).meta({
  id: 'OpenAPISpecProcessingState',
  description:
    'pending: waiting to be processed; progress: being processed; complete: the last upload processed',
});

export const OpenApiErrorCodeSchema = z.enum(OPENAPI_ERROR_CODES).meta({
  id: 'OpenAPISpecProcessingErrorCode',
  description: 'Why the last upload could not be processed',
});

export const OpenApiSpecSchema = z
  .object({
    object: z.literal('openapi-spec').describe('Always "openapi-spec"'),
    id: z.string().describe('Id of the specification'),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    slug: OpenApiSlugSchema,
    sourceURL: z.string().optional().describe('The URL of the last upload (absent when it was text)'),
    processingState: OpenApiProcessingStateSchema,
    visibility: OpenApiVisibilitySchema,
    lastVersion: z.string().optional().describe('Id of the newest version'),
    lastProcessedAt: TimestampSchema.optional().describe('When the last upload was processed'),
    lastProcessErrorCode: OpenApiErrorCodeSchema.optional(),
    lastProcessErrorMessage: z
      .string()
      .optional()
      .describe('What failed in the last upload, exactly (an extension: GitBook gives the code only)'),
    job: z
      .string()
      .optional()
      .describe('The job processing the last upload (`GET /v1/jobs/{jobId}`; an extension)'),
    permissions: z
      .object({
        view: z.boolean().describe('Whether the caller may view the specification'),
        edit: z.boolean().describe('Whether the caller may upload sources and change its visibility'),
        delete: z.boolean().describe('Whether the caller may delete it'),
      })
      .describe("The caller's permissions on the specification"),
    urls: z.object({
      location: z.string().describe('The specification in the API'),
      app: z.string().describe('The specification in the app'),
      published: z
        .string()
        .optional()
        .describe('Its API reference for anyone, without signing in: only when the visibility is public'),
    }),
  })
  .meta({ id: 'OpenAPISpec', description: 'An OpenAPI specification of an organization' });

export type OpenApiSpec = z.infer<typeof OpenApiSpecSchema>;

export function presentOpenApiSpec(
  urls: PublicUrls,
  spec: OpenApiSpecRecord,
  permissions: OpenApiSpecPermissions,
): OpenApiSpec {
  return {
    object: 'openapi-spec',
    id: spec.id,
    createdAt: spec.createdAt,
    updatedAt: spec.updatedAt,
    slug: spec.slug,
    ...(spec.sourceURL === undefined ? {} : { sourceURL: spec.sourceURL }),
    processingState: spec.processingState,
    visibility: spec.visibility,
    ...(spec.lastVersion === undefined ? {} : { lastVersion: spec.lastVersion }),
    ...(spec.lastProcessedAt === undefined ? {} : { lastProcessedAt: spec.lastProcessedAt }),
    ...(spec.lastProcessError === undefined
      ? {}
      : {
          lastProcessErrorCode: spec.lastProcessError.code,
          lastProcessErrorMessage: spec.lastProcessError.message,
        }),
    ...(spec.lastJobId === undefined ? {} : { job: spec.lastJobId }),
    permissions,
    urls: {
      location: openApiSpecLocation(urls, spec),
      app: openApiSpecAppUrl(urls, spec),
      ...(spec.visibility === 'public' ? { published: openApiSpecPublishedUrl(urls, spec) } : {}),
    },
  };
}
