/** The rule deciding which files a specification may gather, one row per case. */
import { describe, expect, it } from 'vitest';
import {
  folderScopeOf,
  pathInFolder,
  type ReferenceRefusal,
  referenceRefusal,
} from '../../src/openapi/spec-scope';

const root = new URL('https://docs.example/apis/shop/openapi.yaml');
const scope = folderScopeOf(root);
const resolved = (ref: string, from = root.href) => new URL(ref, from);

describe('referenceRefusal', () => {
  const table: [string, URL, ReferenceRefusal | null][] = [
    ['a file next to the root', resolved('./pet.yaml'), null],
    ['a file below the folder', resolved('schemas/pet.yaml'), null],
    [
      'back into the folder from below',
      resolved('../schemas/pet.yaml', 'https://docs.example/apis/shop/paths/a.yaml'),
      null,
    ],
    ['the root itself', resolved('openapi.yaml#/components'), null],
    ['a parent folder', resolved('../secret.yaml'), 'outside-folder'],
    [
      'escaping from below',
      resolved('../../x.yaml', 'https://docs.example/apis/shop/paths/a.yaml'),
      'outside-folder',
    ],
    ['encoded dot segments', resolved('%2e%2e/secret.yaml'), 'outside-folder'],
    ['an absolute path elsewhere', resolved('/etc/passwd'), 'outside-folder'],
    ['a sibling folder sharing a prefix', resolved('/apis/shopping/x.yaml'), 'outside-folder'],
    ['another host', resolved('https://other.example/apis/shop/pet.yaml'), 'other-host'],
    ['another port', resolved('https://docs.example:8443/apis/shop/pet.yaml'), 'other-host'],
    ['another scheme', resolved('http://docs.example/apis/shop/pet.yaml'), 'other-host'],
    ['a local file', resolved('file:///apis/shop/pet.yaml'), 'other-host'],
  ];
  it.each(table)('%s', (_case, target, refusal) => {
    expect(referenceRefusal(target, scope)).toBe(refusal);
  });

  it('refuses every file to a specification given as text', () => {
    expect(referenceRefusal(resolved('./pet.yaml'), { kind: 'text' })).toBe('text-source');
  });
});

describe('pathInFolder', () => {
  it('names a file by its path from the root folder, decoded', () => {
    expect(pathInFolder(resolved('schemas/my%20pet.yaml'), scope)).toBe('schemas/my pet.yaml');
  });
});
