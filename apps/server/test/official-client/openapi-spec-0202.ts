/**
 * GitBook's published API document of @gitbook/api 0.202.0 (a test dependency under the
 * alias `@gitbook/api-0202`), for the operations the published-sites issue names, which the
 * interface document (0.130.0, `openapi-spec.ts`) has in an older shape or not at all.
 * Validates an answer against the documented response of an operation, as `openapi-spec.ts`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { toJsonSchema } from './openapi-spec';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON
type Json = any;

const require = createRequire(import.meta.url);
const packageDir = dirname(dirname(require.resolve('@gitbook/api-0202')));
const document: Json = JSON.parse(readFileSync(join(packageDir, 'spec', 'openapi.json'), 'utf8'));
const SPEC_ID = 'gitbook-openapi-0202';

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
addFormatsPlugin(ajv);
ajv.addFormat('emoji', /^[\s\S]*$/);
ajv.addFormat('icon', /^[\s\S]*$/);
ajv.addSchema({
  $id: SPEC_ID,
  components: { schemas: toJsonSchema(document.components.schemas, false, SPEC_ID) },
});

function operationOf(operationId: string): Json {
  for (const item of Object.values<Json>(document.paths))
    for (const operation of Object.values<Json>(item))
      if (operation?.operationId === operationId) return operation;
  throw new Error(`0.202.0 has no operation ${operationId}`);
}

/** The mismatches of `body` with the documented JSON answer of `operationId` for `status` (none: []). */
export function mismatches0202(operationId: string, status: number, body: unknown): string[] {
  const schema = operationOf(operationId).responses?.[String(status)]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`0.202.0 documents no JSON ${status} for ${operationId}`);
  const validate = ajv.compile(toJsonSchema(schema, true, SPEC_ID));
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
}
