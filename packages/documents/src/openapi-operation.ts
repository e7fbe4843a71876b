/**
 * What makes a valid pointer to an operation of an OpenAPI spec, as GitBook's
 * `openapi-operation` block holds it (`data: {ref: {kind: 'openapi', spec}, path, method}`).
 * One set of rules for the write schema, the markdown reader and the web app's insert dialog:
 * a pointer the reader accepts is one the schema accepts, and one the printer can write so
 * that it reads back the same.
 *
 * The slug rule is the one of `OpenApiSlugSchema` in `@quire/domain` (openapi-fields.ts),
 * repeated here: this package depends on nothing of the domain's.
 */

/** The operations of an OpenAPI path item, lower-case as they are keys there. */
export const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type OpenApiMethod = (typeof OPENAPI_METHODS)[number];

export const openApiSpecSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const openApiSpecSlugMaxLength = 100;
export const openApiPathMaxLength = 2048;

export function isOpenApiMethod(value: string): value is OpenApiMethod {
  return (OPENAPI_METHODS as readonly string[]).includes(value);
}

/** Lowercase letters and digits in words joined by single `-`, 1 to 100 characters. */
export function isOpenApiSpecSlug(value: string): boolean {
  return value.length <= openApiSpecSlugMaxLength && openApiSpecSlugPattern.test(value);
}

/**
 * A path as OpenAPI's `paths` keys are written: starting with `/`, on one line, without
 * spaces, quotes or control characters (the markdown tag holds it between double quotes).
 */
export function isOpenApiPath(value: string): boolean {
  if (!value.startsWith('/') || value.length > openApiPathMaxLength) return false;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code <= 0x20 || code === 0x7f || char === '"') return false;
  }
  return true;
}
