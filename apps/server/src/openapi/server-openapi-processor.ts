/**
 * The domain's `OpenApiProcessor` port over `processOpenApiSource`, with the limits the
 * configuration gives (`QUIRE_OPENAPI_MAX_BYTES`, `QUIRE_OPENAPI_TIMEOUT_MS`,
 * `QUIRE_FETCH_ALLOW_HOSTS`), run in a job thread (`LimitedPool`): fetching, parsing,
 * validating and bundling a specification there, under the threads' memory and time
 * limits. A processing that passes one fails as a `PARSE_ERROR` saying which limit, and the
 * server keeps answering.
 */
import type { OpenApiProcessed, OpenApiProcessor, OpenApiSource } from '@quire/domain';
import { type LimitedPool, WorkerLimitError } from '../worker-pools/limited-pool';
import type { OpenApiInThread } from './process-openapi-in-thread';
import type { OpenApiProcessingOptions } from './process-openapi-source';

/** The job threads' task that processes a specification (`worker-pools/job-thread.ts`). */
export const OPENAPI_PROCESS_TASK = 'openapi-process';

export class ServerOpenApiProcessor implements OpenApiProcessor {
  constructor(
    private readonly threads: LimitedPool,
    private readonly options: OpenApiProcessingOptions,
  ) {}

  async process(source: OpenApiSource): Promise<OpenApiProcessed> {
    const input: OpenApiInThread = { source, options: this.options };
    try {
      return await this.threads.run<OpenApiProcessed>(OPENAPI_PROCESS_TASK, input);
    } catch (error) {
      if (!(error instanceof WorkerLimitError)) throw error;
      return { ok: false, code: 'PARSE_ERROR', message: `Processing the specification ${error.message}` };
    }
  }
}
