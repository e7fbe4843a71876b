/**
 * Checks a JSON value against the one adaptive-schema shape Quire accepts (see
 * `adaptive-schema.ts`) and returns a fresh copy holding only that shape.
 *
 * The rules, each issue naming the path of the offending value:
 * 1. The schema is a JSON object with `type: 'object'`, an object `properties` and
 *    `additionalProperties: false`; besides these only `$schema`, `title` and `description`
 *    (strings) may appear.
 * 2. Property names match `^[A-Za-z_][A-Za-z0-9_]{0,63}$` and are not `__proto__`,
 *    `constructor` or `prototype` (a condition could not read them).
 * 3. `unsigned`, when present, is `{ type: 'object', properties, additionalProperties: false }`
 *    (and an optional `description`) whose properties are claims; no other property is an object.
 * 4. A claim is `{ type: 'boolean' }` with an optional `description`, nothing else.
 * 5. Descriptions (and the title) are strings of at most 256 characters.
 * 6. At most 100 claims in all, signed and unsigned.
 * At most 20 issues are reported.
 */

import {
  ADAPTIVE_SCHEMA_LIMITS,
  type AdaptiveClaimSchema,
  type AdaptiveSchema,
  type AdaptiveUnsignedSchema,
  CLAIM_NAME_PATTERN,
  UNSIGNED_PROPERTY,
} from './adaptive-schema';
import { FORBIDDEN_CLAIM_SEGMENTS } from './condition-ast';

export interface AdaptiveSchemaIssue {
  /** Where the offending value is, from the schema's top: `['properties', 'unsigned', 'type']`. */
  path: string[];
  message: string;
}

export type ValidateAdaptiveSchemaResult =
  | { ok: true; schema: AdaptiveSchema }
  | { ok: false; issues: AdaptiveSchemaIssue[] };

type JsonObject = Record<string, unknown>;

const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TOP_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema',
  'title',
  'description',
  'type',
  'properties',
  'additionalProperties',
]);
const UNSIGNED_KEYWORDS: ReadonlySet<string> = new Set([
  'description',
  'type',
  'properties',
  'additionalProperties',
]);
const CLAIM_KEYWORDS: ReadonlySet<string> = new Set(['description', 'type']);

export function validateAdaptiveSchema(json: unknown): ValidateAdaptiveSchemaResult {
  const issues: AdaptiveSchemaIssue[] = [];
  const report = (path: string[], message: string): void => {
    if (issues.length < ADAPTIVE_SCHEMA_LIMITS.maxIssues) issues.push({ path, message });
  };
  let claims = 0;

  const checkKeywords = (object: JsonObject, allowed: ReadonlySet<string>, path: string[]): void => {
    for (const key of Object.keys(object)) {
      if (!allowed.has(key)) {
        report([...path, key], `Unknown keyword '${key}': allowed here are ${[...allowed].join(', ')}`);
      }
    }
  };

  const checkText = (object: JsonObject, key: string, path: string[]): string | undefined => {
    const value = object[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      report([...path, key], `'${key}' must be a string`);
      return undefined;
    }
    if (value.length > ADAPTIVE_SCHEMA_LIMITS.maxDescriptionLength) {
      report(
        [...path, key],
        `'${key}' has at most ${ADAPTIVE_SCHEMA_LIMITS.maxDescriptionLength} characters`,
      );
    }
    return value;
  };

  const withText = <T extends object>(shape: T, key: string, value: string | undefined): T =>
    value === undefined ? shape : { ...shape, [key]: value };

  const checkName = (name: string, path: string[]): boolean => {
    if (!CLAIM_NAME_PATTERN.test(name) || FORBIDDEN_CLAIM_SEGMENTS.has(name)) {
      report(
        path,
        FORBIDDEN_CLAIM_SEGMENTS.has(name)
          ? `'${name}' cannot be a claim name`
          : `Claim names start with a letter or _ and hold at most 64 letters, digits and _: '${name}' does not`,
      );
      return false;
    }
    return true;
  };

  const checkClaim = (value: unknown, path: string[]): AdaptiveClaimSchema | undefined => {
    claims += 1;
    if (!isJsonObject(value)) {
      report(path, "A claim must be an object like { type: 'boolean', description: '...' }");
      return undefined;
    }
    checkKeywords(value, CLAIM_KEYWORDS, path);
    if (value.type !== 'boolean') {
      report(
        [...path, 'type'],
        value.type === 'object'
          ? `Only '${UNSIGNED_PROPERTY}' may group claims: other claims have type 'boolean'`
          : "A claim's type must be 'boolean'",
      );
    }
    return withText<AdaptiveClaimSchema>(
      { type: 'boolean' },
      'description',
      checkText(value, 'description', path),
    );
  };

  const checkClaims = (value: unknown, path: string[], top: boolean): AdaptiveSchema['properties'] => {
    const properties: AdaptiveSchema['properties'] = {};
    if (!isJsonObject(value)) {
      report(path, "'properties' must be an object naming the claims");
      return properties;
    }
    for (const [name, property] of Object.entries(value)) {
      const propertyPath = [...path, name];
      if (!checkName(name, propertyPath)) continue;
      const checked =
        top && name === UNSIGNED_PROPERTY
          ? checkUnsigned(property, propertyPath)
          : checkClaim(property, propertyPath);
      if (checked) properties[name] = checked;
    }
    return properties;
  };

  const checkAdditionalProperties = (object: JsonObject, path: string[]): void => {
    if (object.additionalProperties !== false) {
      report(
        [...path, 'additionalProperties'],
        "'additionalProperties' must be false: conditions read only the claims the schema names",
      );
    }
  };

  const checkUnsigned = (value: unknown, path: string[]): AdaptiveUnsignedSchema | undefined => {
    if (!isJsonObject(value)) {
      report(path, `'${UNSIGNED_PROPERTY}' must be an object grouping the unsigned claims`);
      return undefined;
    }
    checkKeywords(value, UNSIGNED_KEYWORDS, path);
    if (value.type !== 'object')
      report([...path, 'type'], `The type of '${UNSIGNED_PROPERTY}' must be 'object'`);
    checkAdditionalProperties(value, path);
    const properties = checkClaims(value.properties, [...path, 'properties'], false) as Record<
      string,
      AdaptiveClaimSchema
    >;
    return withText<AdaptiveUnsignedSchema>(
      { type: 'object', properties, additionalProperties: false },
      'description',
      checkText(value, 'description', path),
    );
  };

  if (!isJsonObject(json)) {
    return { ok: false, issues: [{ path: [], message: 'The adaptive schema must be a JSON object' }] };
  }
  checkKeywords(json, TOP_KEYWORDS, []);
  if (json.type !== 'object') report(['type'], "The schema's type must be 'object'");
  checkAdditionalProperties(json, []);
  const texts = { $schema: checkText(json, '$schema', []), title: checkText(json, 'title', []) };
  const description = checkText(json, 'description', []);
  const properties = checkClaims(json.properties, ['properties'], true);
  if (claims > ADAPTIVE_SCHEMA_LIMITS.maxClaims) {
    report(
      ['properties'],
      `At most ${ADAPTIVE_SCHEMA_LIMITS.maxClaims} claims in all: this schema has ${claims}`,
    );
  }
  if (issues.length > 0) return { ok: false, issues };

  let header: Pick<AdaptiveSchema, '$schema' | 'title' | 'description'> = {};
  header = withText(header, '$schema', texts.$schema);
  header = withText(header, 'title', texts.title);
  header = withText(header, 'description', description);
  return { ok: true, schema: { ...header, type: 'object', properties, additionalProperties: false } };
}
