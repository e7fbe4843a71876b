/**
 * The domain's `OpenApiProcessor` port over `processOpenApiSource`, with the limits the
 * configuration gives (`QUIRE_OPENAPI_MAX_BYTES`, `QUIRE_OPENAPI_TIMEOUT_MS`,
 * `QUIRE_FETCH_ALLOW_HOSTS`).
 */
import type { OpenApiProcessed, OpenApiProcessor, OpenApiSource } from '@quire/domain';
import type { OpenApiProcessingOptions } from './process-openapi-source';

export class ServerOpenApiProcessor implements OpenApiProcessor {
  constructor(private readonly options: OpenApiProcessingOptions) {}

  async process(source: OpenApiSource): Promise<OpenApiProcessed> {
    // Loaded when first needed (the parser and its validators): most processes never process a spec.
    const { processOpenApiSource } = await import('./process-openapi-source');
    return processOpenApiSource(source, this.options);
  }
}
