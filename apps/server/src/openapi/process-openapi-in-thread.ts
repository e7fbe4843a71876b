/**
 * The job thread's side of processing an OpenAPI specification
 * (`server-openapi-processor.ts` is the main thread's): `processOpenApiSource` answers plain
 * data, failures included.
 */
import {
  type OpenApiProcessingOptions,
  type OpenApiSource,
  processOpenApiSource,
} from './process-openapi-source';

export interface OpenApiInThread {
  source: OpenApiSource;
  options: OpenApiProcessingOptions;
}

export const processOpenApiInThread = ({ source, options }: OpenApiInThread) =>
  processOpenApiSource(source, options);
