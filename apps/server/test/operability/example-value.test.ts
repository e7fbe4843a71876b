/** The examples of the OpenAPI document, from schemas: what a schema declares wins, then its type, bounds and names. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type JsonSchema, jsonSchemaOf } from '../../src/faces/json-schema';
import { exampleOf } from '../../src/faces/openapi/example-value';

const ID = expect.stringMatching(/^[0-9A-Za-z]{20}$/);
const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('exampleOf', () => {
  const cases: Array<[what: string, schema: JsonSchema, field: string | undefined, example: unknown]> = [
    ['examples declared with .meta', { type: 'string', examples: ['Handbook'] }, 'title', 'Handbook'],
    ['a default', { type: 'integer', default: 100, minimum: 1 }, 'limit', 100],
    ['a const', { type: 'string', const: 'space' }, 'object', 'space'],
    ['the first of an enum', { type: 'string', enum: ['live', 'locked'] }, 'editMode', 'live'],
    ['a nullable value', { anyOf: [{ type: 'null' }, { type: 'boolean' }] }, 'sso', false],
    ['an id by name', { type: 'string', minLength: 1, maxLength: 128 }, 'organizationId', ID],
    ['an id by description', { type: 'string', description: 'Id of the parent collection' }, 'parent', ID],
    ['a timestamp by name', { type: 'string' }, 'createdAt', TIMESTAMP],
    [
      'a timestamp by description',
      { type: 'string', description: 'When the trial ends' },
      'endDate',
      TIMESTAMP,
    ],
    ['an email address', { type: 'string', format: 'email' }, 'email', 'ada@example.com'],
    ['a URL', { type: 'string', format: 'uri' }, 'logo', 'https://docs.example.com'],
    ['a string within its bounds', { type: 'string', maxLength: 10 }, 'title', 'Example ti'],
    ['a string long enough', { type: 'string', minLength: 20 }, undefined, 'exampleexampleexampl'],
    ['a string matching its pattern', { type: 'string', pattern: '^[a-z]{2,3}$' }, 'language', 'en'],
    ['a number at its minimum', { type: 'integer', minimum: 1, maximum: 1000 }, 'count', 1],
    [
      'one item',
      { type: 'array', items: { type: 'string', format: 'email' } },
      'emails',
      ['ada@example.com'],
    ],
  ];

  it.each(cases)('gives %s', (_what, schema, field, example) => {
    expect(exampleOf(schema, {}, field === undefined ? {} : { field })).toEqual(example);
  });

  it('keys a record by an id', () => {
    const record = exampleOf({ type: 'object', additionalProperties: { type: 'boolean' } }, {}) as object;
    expect(Object.keys(record)).toEqual([ID]);
    expect(Object.values(record)).toEqual([false]);
  });

  it('takes URLs under urls, follows components, and stops where a component contains itself', () => {
    const components: Record<string, JsonSchema> = {
      Node: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          urls: { type: 'object', properties: { app: { type: 'string' } } },
          parent: { $ref: '#/components/schemas/Node' },
        },
      },
    };
    expect(exampleOf({ $ref: '#/components/schemas/Node' }, components)).toEqual({
      title: 'Example title',
      urls: { app: 'https://docs.example.com' },
    });
  });

  it('uses what zod declares through .meta({ examples })', () => {
    const schema = z.object({ title: z.string().meta({ examples: ['Runbooks'] }), pages: z.number().int() });
    expect(exampleOf(jsonSchemaOf(schema, 'output').schema, {})).toEqual({ title: 'Runbooks', pages: 0 });
  });
});
