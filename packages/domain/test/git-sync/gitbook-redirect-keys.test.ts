/**
 * Which `.gitbook.yaml` redirect keys name an old path of a space (`oldPathOfKey`, rule 1 of
 * `gitbook-redirects.ts`), as a table: the path recorded, or why the key is left out.
 */
import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_KEY_LENGTH, oldPathOfKey } from '../../src/git-sync/gitbook-redirects';

const cases: Array<[key: string, expected: string]> = [
  ['old/setup', 'old/setup'],
  ['/help/contact-us/', 'help/contact-us'],
  ['caf%C3%A9/men%C3%BC', 'café/menü'],
  ['Some Page', 'Some Page'],
  ['', 'problem: names no path'],
  ['///', 'problem: names no path'],
  ['../outside', 'problem: has an empty, "." or ".." segment'],
  ['a/./b', 'problem: has an empty, "." or ".." segment'],
  ['a//b', 'problem: has an empty, "." or ".." segment'],
  ['a/%2e%2E/b', 'problem: has an empty, "." or ".." segment'],
  ['a%2Fb', 'problem: has a control character, "/" or "\\" in a segment'],
  ['a%5Cb', 'problem: has a control character, "/" or "\\" in a segment'],
  ['a%00b', 'problem: has a control character, "/" or "\\" in a segment'],
  ['a\u0007b', 'problem: has a control character, "/" or "\\" in a segment'],
  ['a%ffb', 'problem: holds an escape that is not UTF-8'],
  ['a'.repeat(MAX_REDIRECT_KEY_LENGTH), 'a'.repeat(MAX_REDIRECT_KEY_LENGTH)],
  ['a'.repeat(MAX_REDIRECT_KEY_LENGTH + 1), `problem: longer than ${MAX_REDIRECT_KEY_LENGTH} characters`],
];

describe('.gitbook.yaml redirect keys', () => {
  it.each(cases)('%j', (key, expected) => {
    const result = oldPathOfKey(key);
    expect('path' in result ? result.path : `problem: ${result.problem}`).toBe(expected);
  });

  it('refuses a 64 KB key by its length before reading its segments; reads long escapes', () => {
    const key = 'ab/'.repeat(64 * 341);
    const result = oldPathOfKey(key);
    expect('problem' in result && result.problem).toContain('longer than');
    const long = oldPathOfKey(`${'%C3%A9'.repeat(80)}/x`);
    expect('path' in long && long.path).toBe(`${'é'.repeat(80)}/x`);
  });
});
