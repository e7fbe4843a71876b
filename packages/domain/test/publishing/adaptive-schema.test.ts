/**
 * The adaptive schema: the one shape accepted (each rule broken, with the path it names),
 * the copy a valid schema gives back, and the claim paths conditions may read.
 */
import { describe, expect, it } from 'vitest';
import {
  ADAPTIVE_SCHEMA_LIMITS,
  claimPathsOf,
  DEFAULT_ADAPTIVE_SCHEMA,
  validateAdaptiveSchema,
} from '../../src/publishing/conditions';

const full = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Visitor claims',
  description: 'What our app tells the docs about a visitor',
  type: 'object',
  properties: {
    isPremium: { type: 'boolean', description: 'Pays for the premium plan' },
    unsigned: {
      type: 'object',
      description: 'Set by URL parameters',
      properties: {
        betaUser: { type: 'boolean', description: 'Joined the beta' },
        legacy: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    isStaff: { type: 'boolean' },
  },
  additionalProperties: false,
};

/** The full schema with one change at `path` (undefined removes the key). */
function changed(path: string[], value: unknown): unknown {
  const copy = structuredClone(full) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

describe('validateAdaptiveSchema accepts', () => {
  it('the default schema, as it is', () => {
    expect(validateAdaptiveSchema(DEFAULT_ADAPTIVE_SCHEMA)).toEqual({
      ok: true,
      schema: DEFAULT_ADAPTIVE_SCHEMA,
    });
  });

  it('a full schema, as it is', () => {
    expect(validateAdaptiveSchema(full)).toEqual({ ok: true, schema: full });
  });

  it('GitBook example without unsigned', () => {
    const gitbook = {
      type: 'object',
      properties: { isBetaUser: { type: 'boolean', description: 'Whether the visitor is a Beta user.' } },
      additionalProperties: false,
    };
    expect(validateAdaptiveSchema(gitbook)).toEqual({ ok: true, schema: gitbook });
  });

  it('exactly 100 claims, names of 64 characters, descriptions of 256', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 100 }, (_, index) => [
        ('c' + index).padEnd(64, '_'),
        { type: 'boolean', description: 'd'.repeat(256) },
      ]),
    );
    expect(validateAdaptiveSchema({ type: 'object', properties, additionalProperties: false }).ok).toBe(true);
  });

  it('gives back a copy: changing the input afterwards changes nothing', () => {
    const input = structuredClone(full);
    const result = validateAdaptiveSchema(input);
    input.properties.isPremium.type = 'string';
    expect(result.ok && result.schema.properties.isPremium).toEqual({
      type: 'boolean',
      description: 'Pays for the premium plan',
    });
  });
});

describe('validateAdaptiveSchema refuses, naming the path', () => {
  const cases: Array<[title: string, json: unknown, path: string[], message: string]> = [
    ['not an object', [], [], 'The adaptive schema must be a JSON object'],
    ['null', null, [], 'The adaptive schema must be a JSON object'],
    ['a string', '{}', [], 'The adaptive schema must be a JSON object'],
    ['top type not object', changed(['type'], 'array'), ['type'], "The schema's type must be 'object'"],
    [
      'top additionalProperties missing',
      changed(['additionalProperties'], undefined),
      ['additionalProperties'],
      "'additionalProperties' must be false: conditions read only the claims the schema names",
    ],
    [
      'top additionalProperties true',
      changed(['additionalProperties'], true),
      ['additionalProperties'],
      "'additionalProperties' must be false: conditions read only the claims the schema names",
    ],
    [
      'properties missing',
      changed(['properties'], undefined),
      ['properties'],
      "'properties' must be an object naming the claims",
    ],
    [
      'unknown top keyword',
      changed(['required'], ['isPremium']),
      ['required'],
      "Unknown keyword 'required': allowed here are $schema, title, description, type, properties, additionalProperties",
    ],
    ['title not a string', changed(['title'], 3), ['title'], "'title' must be a string"],
    ['$schema not a string', changed(['$schema'], {}), ['$schema'], "'$schema' must be a string"],
    [
      'top description too long',
      changed(['description'], 'x'.repeat(257)),
      ['description'],
      "'description' has at most 256 characters",
    ],
    [
      'claim name with a dash',
      changed(['properties', 'beta-user'], { type: 'boolean' }),
      ['properties', 'beta-user'],
      "Claim names start with a letter or _ and hold at most 64 letters, digits and _: 'beta-user' does not",
    ],
    [
      'claim name starting with a digit',
      changed(['properties', '1st'], { type: 'boolean' }),
      ['properties', '1st'],
      "Claim names start with a letter or _ and hold at most 64 letters, digits and _: '1st' does not",
    ],
    [
      'claim name of 65 characters',
      changed(['properties', 'a'.repeat(65)], { type: 'boolean' }),
      ['properties', 'a'.repeat(65)],
      `Claim names start with a letter or _ and hold at most 64 letters, digits and _: '${'a'.repeat(65)}' does not`,
    ],
    [
      'claim named constructor',
      changed(['properties', 'constructor'], { type: 'boolean' }),
      ['properties', 'constructor'],
      "'constructor' cannot be a claim name",
    ],
    [
      'claim named __proto__ (as JSON.parse gives it)',
      JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"boolean"}},"additionalProperties":false}',
      ),
      ['properties', '__proto__'],
      "'__proto__' cannot be a claim name",
    ],
    [
      'unsigned claim named prototype',
      changed(['properties', 'unsigned', 'properties', 'prototype'], { type: 'boolean' }),
      ['properties', 'unsigned', 'properties', 'prototype'],
      "'prototype' cannot be a claim name",
    ],
    [
      'claim of type string',
      changed(['properties', 'isStaff'], { type: 'string' }),
      ['properties', 'isStaff', 'type'],
      "A claim's type must be 'boolean'",
    ],
    [
      'claim not an object',
      changed(['properties', 'isStaff'], true),
      ['properties', 'isStaff'],
      "A claim must be an object like { type: 'boolean', description: '...' }",
    ],
    [
      'claim with enum',
      changed(['properties', 'isStaff', 'enum'], [true]),
      ['properties', 'isStaff', 'enum'],
      "Unknown keyword 'enum': allowed here are description, type",
    ],
    [
      'claim description not a string',
      changed(['properties', 'isStaff', 'description'], 1),
      ['properties', 'isStaff', 'description'],
      "'description' must be a string",
    ],
    [
      'claim description too long',
      changed(['properties', 'isStaff', 'description'], 'x'.repeat(257)),
      ['properties', 'isStaff', 'description'],
      "'description' has at most 256 characters",
    ],
    [
      'another group than unsigned',
      changed(['properties', 'access'], { type: 'object', properties: {}, additionalProperties: false }),
      ['properties', 'access', 'type'],
      "Only 'unsigned' may group claims: other claims have type 'boolean'",
    ],
    [
      'unsigned a boolean',
      changed(['properties', 'unsigned'], { type: 'boolean' }),
      ['properties', 'unsigned', 'type'],
      "The type of 'unsigned' must be 'object'",
    ],
    [
      'unsigned not an object',
      changed(['properties', 'unsigned'], 'yes'),
      ['properties', 'unsigned'],
      "'unsigned' must be an object grouping the unsigned claims",
    ],
    [
      'unsigned additionalProperties missing',
      changed(['properties', 'unsigned', 'additionalProperties'], undefined),
      ['properties', 'unsigned', 'additionalProperties'],
      "'additionalProperties' must be false: conditions read only the claims the schema names",
    ],
    [
      'unsigned properties an array',
      changed(['properties', 'unsigned', 'properties'], []),
      ['properties', 'unsigned', 'properties'],
      "'properties' must be an object naming the claims",
    ],
    [
      'unsigned with a nested group',
      changed(['properties', 'unsigned', 'properties', 'deep'], {
        type: 'object',
        properties: {},
        additionalProperties: false,
      }),
      ['properties', 'unsigned', 'properties', 'deep', 'properties'],
      "Unknown keyword 'properties': allowed here are description, type",
    ],
    [
      'unsigned with an unknown keyword',
      changed(['properties', 'unsigned', 'required'], []),
      ['properties', 'unsigned', 'required'],
      "Unknown keyword 'required': allowed here are description, type, properties, additionalProperties",
    ],
    [
      '101 claims',
      {
        type: 'object',
        properties: {
          ...Object.fromEntries(Array.from({ length: 60 }, (_, index) => ['c' + index, { type: 'boolean' }])),
          unsigned: {
            type: 'object',
            properties: Object.fromEntries(
              Array.from({ length: 41 }, (_, index) => ['u' + index, { type: 'boolean' }]),
            ),
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
      ['properties'],
      'At most 100 claims in all: this schema has 101',
    ],
  ];
  it.each(cases)('%s', (_title, json, path, message) => {
    const result = validateAdaptiveSchema(json);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues).toContainEqual({ path, message });
  });

  it('reports every issue, up to twenty', () => {
    const result = validateAdaptiveSchema({ type: 'array', properties: { a: 1, b: 2 } });
    expect(!result.ok && result.issues.map((issue) => issue.path.join('.'))).toEqual([
      'type',
      'additionalProperties',
      'properties.a',
      'properties.b',
    ]);
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, index) => ['c' + index, 'x']));
    const capped = validateAdaptiveSchema({ type: 'object', properties: many, additionalProperties: false });
    expect(!capped.ok && capped.issues).toHaveLength(ADAPTIVE_SCHEMA_LIMITS.maxIssues);
  });
});

describe('claimPathsOf', () => {
  it('lists the signed claims, then the unsigned ones, with their descriptions', () => {
    const result = validateAdaptiveSchema(full);
    expect(result.ok && claimPathsOf(result.schema)).toEqual([
      {
        path: 'visitor.claims.isPremium',
        name: 'isPremium',
        unsigned: false,
        description: 'Pays for the premium plan',
      },
      { path: 'visitor.claims.isStaff', name: 'isStaff', unsigned: false },
      {
        path: 'visitor.claims.unsigned.betaUser',
        name: 'betaUser',
        unsigned: true,
        description: 'Joined the beta',
      },
      { path: 'visitor.claims.unsigned.legacy', name: 'legacy', unsigned: true },
    ]);
    expect(claimPathsOf(DEFAULT_ADAPTIVE_SCHEMA)).toEqual([]);
  });
});
