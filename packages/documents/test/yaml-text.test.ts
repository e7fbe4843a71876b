/**
 * `parseYamlText`: YAML from outside read in time that grows with its length (`yaml`'s own
 * `parse` checks a mapping's keys pairwise: 65,000 keys, a 1 MB file, took a minute), refusing
 * what `parse` refuses.
 */

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseYamlText } from '../src/index';

describe('parseYamlText', () => {
  it.each([
    ['a mapping', 'title: Hello\nhidden: true\nn: 3\n'],
    ['nested', 'a:\n  b: [1, 2]\n  c: { d: e }\n'],
    ['an alias', 'a: &x [1, 2]\nb: *x\n'],
    ['the same scalar as a string and a number', "1: one\n'1': also one\n"],
    ['empty', ''],
    ['a list', '- a\n- b\n'],
  ])('reads %s as yaml.parse does', (_, text) => {
    expect(parseYamlText(text)).toEqual(parse(text));
  });

  it.each([
    ['a key twice', 'title: a\nhidden: true\ntitle: b\n', /^Map keys must be unique at line 3, column 1/],
    ['a nested key twice', 'a:\n  b: 1\n  b: 2\n', /^Map keys must be unique at line 3/],
    ['a flow mapping key twice', 'a: { b: 1, b: 2 }\n', /^Map keys must be unique/],
    ['not YAML', 'a: [b', /./],
    ['two documents', 'a: 1\n---\nb: 2\n', /./],
  ])('refuses %s, as yaml.parse does', (_, text, message) => {
    expect(() => parse(text)).toThrow();
    expect(() => parseYamlText(text)).toThrow(message);
  });

  it('keeps yaml’s bound on aliases (a billion laughs)', () => {
    const laughs = [
      'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
      ...Array.from({ length: 8 }, (_, level) => {
        const name = String.fromCharCode(98 + level);
        const previous = String.fromCharCode(97 + level);
        return `${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`;
      }),
    ].join('\n');
    expect(() => parseYamlText(laughs)).toThrow(/alias/i);
  });

  // Checked pairwise (yaml.parse), 60,000 keys took 30 s, four times as long for twice as many:
  // past this test's time limit (a bound on finishing, not a measure; `bench/` measures).
  it('reads a mapping of 120,000 keys in one pass', () => {
    const text = Array.from({ length: 120_000 }, (_, index) => `old/path-${index}: page-${index}.md`).join(
      '\n',
    );
    const value = parseYamlText(text) as Record<string, string>;
    expect(Object.keys(value)).toHaveLength(120_000);
  }, 20_000);
});
