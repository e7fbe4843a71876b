/**
 * How a site API token writes the way its visitor got in (`via`, one short string): every
 * admission reads back as itself, and anything else reads as no admission the token's
 * schema accepts.
 */
import { describe, expect, it } from 'vitest';
import { admissionOf, viaOf } from '../../src/publishing/site-api-token';
import type { Admission } from '../../src/publishing/site-visitor';

const admissions: Array<[string, Admission]> = [
  ['open', { via: 'open' }],
  ['member:user-1', { via: 'member', subject: 'user-1' }],
  ['share:0VcKVeOsUIW1PpSdhnhd', { via: 'share-link', shareLink: '0VcKVeOsUIW1PpSdhnhd' }],
  ['key:0123456789abcdef', { via: 'visitor-auth', key: '0123456789abcdef' }],
  ['ping:user-2', { via: 'visitor-auth', subject: 'user-2' }],
];

describe("a site token's via", () => {
  it.each(admissions)('%s reads back as its admission', (via, admission) => {
    expect(viaOf(admission)).toBe(via);
    expect(admissionOf(via)).toEqual(admission);
  });
});
