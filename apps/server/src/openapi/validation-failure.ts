/**
 * What the parser's own failures mean to whoever gave the specification. Its validators
 * throw `SyntaxError`s describing the document (schema validation carries Ajv's errors in
 * `details`), and its reference resolution throws pointer errors naming the `$ref`; those
 * are shown, the first few validation errors with their JSON paths. A `RangeError` is a
 * document nested too deeply (the parser's depth limit, or the stack). Anything else is an
 * internal failure: a fixed message, nothing of the error itself.
 */
import { OpenApiProcessingError } from './openapi-processing-error';

/** Validation errors shown at most; the rest are counted. */
const ERRORS_SHOWN = 3;

/** The parser's errors whose messages describe the document, by class name. */
const DOCUMENT_ERRORS = new Set(['SyntaxError', 'MissingPointerError', 'InvalidPointerError']);

interface AjvError {
  instancePath?: string;
  message?: string;
}

/** `error`, thrown by the parser while validating the root document `rootName` at `rootUrl`. */
export function validationFailure(error: unknown, rootName: string, rootUrl: string): OpenApiProcessingError {
  if (error instanceof RangeError)
    return new OpenApiProcessingError(
      'PARSE_ERROR',
      `${rootName} is nested too deeply to be validated (through its $refs, hundreds of levels deep)`,
    );
  if (!(error instanceof Error) || !DOCUMENT_ERRORS.has(error.name))
    return new OpenApiProcessingError(
      'PARSE_ERROR',
      `${rootName} could not be validated as an OpenAPI description`,
    );
  const details = (error as { details?: unknown }).details;
  const reason = Array.isArray(details) && details.length > 0 ? schemaErrors(details) : error.message;
  // The parser names files by URL: ours are named by their path, and the root's URL may hold a token.
  const folder = rootUrl.slice(0, rootUrl.lastIndexOf('/') + 1);
  const shown = reason.replaceAll(rootUrl, rootName).replaceAll(folder, '').trim();
  return new OpenApiProcessingError(
    'PARSE_ERROR',
    `${rootName} is not a valid OpenAPI description: ${shown}`,
  );
}

function schemaErrors(details: AjvError[]): string {
  const shown = details
    .slice(0, ERRORS_SHOWN)
    .map(({ instancePath, message }) => `#${instancePath || '/'} ${message ?? 'is invalid'}`);
  const more = details.length > ERRORS_SHOWN ? ` (and ${details.length - ERRORS_SHOWN} more)` : '';
  return shown.join('; ') + more;
}
