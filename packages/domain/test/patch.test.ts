/** `patchOf`: what a PATCH body sets, clears and leaves. */
import { describe, expect, it } from 'vitest';
import { isEmptyPatch, patchOf } from '../src/core/patch';

interface Update {
  title?: string;
  logo?: string;
  defaultRole?: string | null;
}

describe('patchOf', () => {
  it('sets values, clears nulls of clearable fields, sets nulls of the others, leaves the rest', () => {
    const patch = patchOf<Update>({ title: 'New', logo: null, defaultRole: null }, ['logo']);
    expect(patch).toEqual({ set: { title: 'New', defaultRole: null }, unset: ['logo'] });
  });

  it('an empty body is an empty patch', () => {
    expect(isEmptyPatch(patchOf<Update>({}, ['logo']))).toBe(true);
    expect(isEmptyPatch(patchOf<Update>({ title: undefined }, ['logo']))).toBe(true);
    expect(isEmptyPatch(patchOf<Update>({ logo: null }, ['logo']))).toBe(false);
  });
});
