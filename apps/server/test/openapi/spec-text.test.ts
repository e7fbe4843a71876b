/** Reading one file of a specification, and the version its root declares. */
import { describe, expect, it } from 'vitest';
import { OpenApiProcessingError } from '../../src/openapi/openapi-processing-error';
import { parseSpecText } from '../../src/openapi/parse-spec-text';
import { specVersionOf } from '../../src/openapi/spec-version';

const failureOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof OpenApiProcessingError) return { code: error.code, message: error.message };
  }
  return undefined;
};

describe('parseSpecText', () => {
  it('reads JSON, with or without a byte order mark, and YAML', () => {
    expect(parseSpecText('\uFEFF{"a": [1, 2]}', 'a.json')).toEqual({ a: [1, 2] });
    expect(parseSpecText('a:\n  - 1\n  - "2"\n', 'a.yaml')).toEqual({ a: [1, '2'] });
  });

  it('keeps prototype keys out of prototypes', () => {
    const value = parseSpecText('{"__proto__": {"polluted": true}}', 'a.json') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names the file, line and column of a syntax error', () => {
    expect(failureOf(() => parseSpecText('a: 1\nb: [1,\nc: 2\n', 'spec.yaml'))).toEqual({
      code: 'PARSE_ERROR',
      message: expect.stringMatching(/^spec\.yaml is not valid JSON or YAML: line \d+, column \d+: /),
    });
    expect(failureOf(() => parseSpecText('{\n"a": 1\n"b": 2\n}', 'spec.json'))?.message).toMatch(
      /^spec\.json is not valid JSON or YAML: line 2, column \d+: /,
    );
  });

  it('refuses duplicate keys', () => {
    expect(failureOf(() => parseSpecText('a: 1\na: 2\n', 'dup.yaml'))?.message).toMatch(
      /^dup\.yaml .* line 2, column 1: /,
    );
  });

  it('refuses a key repeated in a nested mapping, naming its place', () => {
    expect(
      failureOf(() => parseSpecText('paths:\n  /a:\n    get: {}\n  /a:\n    put: {}\n', 'dup.yaml'))?.message,
    ).toBe('dup.yaml is not valid JSON or YAML: line 4, column 3: Map keys must be unique');
  });

  // Checked pairwise (`yaml`'s own check), 120,000 keys took minutes: past this test's time limit
  // (a bound on finishing, not a measure; `bench/linear-inputs.ts` measures).
  it('reads a mapping of 120,000 keys in one pass', () => {
    const text = `paths:\n${Array.from({ length: 120_000 }, (_, index) => `  /p${index}: {}\n`).join('')}`;
    expect(Object.keys((parseSpecText(text, 'big.yaml') as { paths: object }).paths)).toHaveLength(120_000);
  }, 20_000);

  it('refuses a document that expands aliases without end', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let level = 1; level < 8; level++) {
      const previous = String.fromCharCode(96 + level);
      const next = String.fromCharCode(97 + level);
      lines.push(`${next}: &${next} [${Array(10).fill(`*${previous}`).join(', ')}]`);
    }
    expect(failureOf(() => parseSpecText(lines.join('\n'), 'bomb.yaml'))).toEqual({
      code: 'PARSE_ERROR',
      message: 'bomb.yaml expands YAML aliases more than 1000 times',
    });
  });
});

describe('specVersionOf', () => {
  const table: [string, unknown, string][] = [
    ['Swagger 2.0', { swagger: '2.0' }, '2.0'],
    ['OpenAPI 3.0.0', { openapi: '3.0.0' }, '3.0'],
    ['OpenAPI 3.0.4', { openapi: '3.0.4' }, '3.0'],
    ['OpenAPI 3.1.0', { openapi: '3.1.0' }, '3.1'],
  ];
  it.each(table)('%s', (_case, document, version) => {
    expect(specVersionOf(document, 'x.yaml')).toBe(version);
  });

  const refused: [string, unknown, string][] = [
    ['an array', [1], 'x.yaml is not an OpenAPI description: it is not an object'],
    ['Swagger 1.2', { swagger: '1.2' }, 'x.yaml declares swagger "1.2": only Swagger "2.0" is supported'],
    ['a number', { openapi: 3.0 }, 'x.yaml declares openapi 3: OpenAPI "3.0.x" and "3.1.x" are supported'],
    [
      'OpenAPI 3.2',
      { openapi: '3.2.0' },
      'x.yaml declares openapi "3.2.0": OpenAPI "3.0.x" and "3.1.x" are supported',
    ],
    [
      'no version',
      { info: {} },
      'x.yaml is not an OpenAPI description: it has neither an "openapi" nor a "swagger" field',
    ],
  ];
  it.each(refused)('refuses %s', (_case, document, message) => {
    expect(failureOf(() => specVersionOf(document, 'x.yaml'))).toEqual({ code: 'PARSE_ERROR', message });
  });
});
