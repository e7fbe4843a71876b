/**
 * The domain's `OpenApiProcessor` port over `processOpenApiSource`, with the limits the
 * configuration gives (`QUIRE_OPENAPI_MAX_BYTES`, `QUIRE_OPENAPI_TIMEOUT_MS`,
 * `QUIRE_FETCH_ALLOW_HOSTS`).
 */
import type { OpenApiProcessed, OpenApiProcessor, OpenApiSource } from '@quire/domain';
import { type OpenApiProcessingOptions, processOpenApiSource } from './process-openapi-source';

export class ServerOpenApiProcessor implements OpenApiProcessor {
  constructor(private readonly options: OpenApiProcessingOptions) {}

  process(source: OpenApiSource): Promise<OpenApiProcessed> {
    return processOpenApiSource(source, this.options);
  }
}
