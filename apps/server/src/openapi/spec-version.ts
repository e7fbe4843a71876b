/**
 * Which specification a parsed root document says it follows, read before validation so an
 * unsupported or missing version is named plainly rather than as a schema mismatch.
 */
import { OpenApiProcessingError } from './openapi-processing-error';

export type OpenApiVersion = '2.0' | '3.0' | '3.1';

/**
 * The version `document` (the root file `fileName`) declares:
 * 1. a root that is not an object is no description;
 * 2. `swagger: "2.0"` is Swagger 2.0, any other `swagger` value is unsupported;
 * 3. `openapi: "3.0.x"` and `"3.1.x"` are OpenAPI 3.0 and 3.1, any other value is unsupported;
 * 4. neither field: not an OpenAPI description.
 */
export function specVersionOf(document: unknown, fileName: string): OpenApiVersion {
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw new OpenApiProcessingError(
      'PARSE_ERROR',
      `${fileName} is not an OpenAPI description: it is not an object`,
    );
  const { swagger, openapi } = document as { swagger?: unknown; openapi?: unknown };
  if (swagger !== undefined) {
    if (swagger === '2.0') return '2.0';
    throw new OpenApiProcessingError(
      'PARSE_ERROR',
      `${fileName} declares swagger ${JSON.stringify(swagger)}: only Swagger "2.0" is supported`,
    );
  }
  if (openapi !== undefined) {
    if (typeof openapi === 'string' && /^3\.0\.\d+$/.test(openapi)) return '3.0';
    if (typeof openapi === 'string' && /^3\.1\.\d+$/.test(openapi)) return '3.1';
    throw new OpenApiProcessingError(
      'PARSE_ERROR',
      `${fileName} declares openapi ${JSON.stringify(openapi)}: OpenAPI "3.0.x" and "3.1.x" are supported`,
    );
  }
  throw new OpenApiProcessingError(
    'PARSE_ERROR',
    `${fileName} is not an OpenAPI description: it has neither an "openapi" nor a "swagger" field`,
  );
}
