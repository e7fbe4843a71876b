import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/faces/graphql/global-ids';

describe('GraphQL global ids', () => {
  const cases: Array<[string, string]> = [
    ['Organization', '0VcKVFPmDb70fdJICbxN'],
    ['OrganizationMember', 'org_1:user_2'],
    ['Page', ''],
    ['Space', 'é'],
    ['Space', 'ÿ\u0080'],
    ['Space', '日本語'],
    ['Space', 'emoji 🚀 and \u0000 NUL'],
    ['Space', 'lone \ud800 surrogate'],
  ];

  it.each(cases)('encodes %s %j as the relay plugin does', (typeName, id) => {
    expect(encodeGlobalId(typeName, id)).toBe(encodeGlobalID(typeName, id));
  });

  it('reads back through the plugin', () => {
    expect(decodeGlobalID(encodeGlobalId('Space', 'é:1'))).toEqual({ typename: 'Space', id: 'é:1' });
  });
});
