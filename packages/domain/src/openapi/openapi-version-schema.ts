/** The OpenAPISpecVersion resource, a version's content, and their presenters. */
import { z } from 'zod';
import type { PublicUrls } from '../core/context';
import { TimestampSchema } from '../core/schemas';
import { openApiVersionLocation } from './openapi-urls';
import type { OpenApiSpecRecord, OpenApiVersionContentRecord, OpenApiVersionRecord } from './records';

export const OpenApiVersionSchema = z
  .object({
    object: z.literal('openapi-spec-version').describe('Always "openapi-spec-version"'),
    id: z.string().describe('Id of the version'),
    createdAt: TimestampSchema,
    url: z.string().describe('Where the description is: its source URL, or its content in the API for text'),
    specVersion: z.enum(['2.0', '3.0', '3.1']).describe('Swagger 2.0, OpenAPI 3.0 or 3.1 (an extension)'),
    title: z.string().optional().describe("The description's title (an extension)"),
    operations: z.number().int().describe('Operations the description defines (an extension)'),
    urls: z.object({ location: z.string().describe('The version in the API') }),
  })
  .meta({
    id: 'OpenAPISpecVersion',
    description: 'A version of an OpenAPI specification: one upload processed',
  });

export type OpenApiVersion = z.infer<typeof OpenApiVersionSchema>;

export const OpenApiVersionContentSchema = z
  .object({
    filesystem: z
      .record(z.string(), z.string())
      .describe("The description's files by path relative to its root document (the root first)"),
    url: z.string().describe('Where the description is'),
    bundled: z
      .string()
      .optional()
      .describe(
        'The description as one JSON document when it is not one already: a YAML file as JSON, several files as one with their refs made internal (an extension)',
      ),
  })
  .meta({ id: 'OpenAPISpecContent', description: 'The files of a version of an OpenAPI specification' });

export type OpenApiVersionContent = z.infer<typeof OpenApiVersionContentSchema>;

type SpecPlace = Pick<OpenApiSpecRecord, 'organizationId' | 'slug'>;

function versionUrl(urls: PublicUrls, spec: SpecPlace, version: OpenApiVersionRecord): string {
  return version.sourceURL ?? `${openApiVersionLocation(urls, spec, version.id)}/content`;
}

export function presentOpenApiVersion(
  urls: PublicUrls,
  spec: SpecPlace,
  version: OpenApiVersionRecord,
): OpenApiVersion {
  return {
    object: 'openapi-spec-version',
    id: version.id,
    createdAt: version.createdAt,
    url: versionUrl(urls, spec, version),
    specVersion: version.specVersion,
    ...(version.title === undefined ? {} : { title: version.title }),
    operations: version.operations,
    urls: { location: openApiVersionLocation(urls, spec, version.id) },
  };
}

export function presentOpenApiVersionContent(
  urls: PublicUrls,
  spec: SpecPlace,
  version: OpenApiVersionRecord,
  content: OpenApiVersionContentRecord,
): OpenApiVersionContent {
  return {
    filesystem: Object.fromEntries(content.files.map((file) => [file.path, file.content])),
    url: versionUrl(urls, spec, version),
    ...(content.bundled === undefined ? {} : { bundled: content.bundled }),
  };
}
