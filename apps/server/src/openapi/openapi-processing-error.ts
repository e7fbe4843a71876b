/** Why processing an OpenAPI source failed: the error codes of GitBook's OpenAPI documents. */
export type OpenApiFailureCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';

/**
 * A source that could not be processed. Its message is safe to show to whoever gave the
 * source: it names the file (and the line, the `$ref` or the validation path) and never
 * carries an address, a stack or a library's internals.
 */
export class OpenApiProcessingError extends Error {
  override readonly name = 'OpenApiProcessingError';
  constructor(
    readonly code: OpenApiFailureCode,
    message: string,
  ) {
    super(message);
  }
}
