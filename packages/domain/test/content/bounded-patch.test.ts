import { applyPatch, createTwoFilesPatch, parsePatch } from 'diff';
import { describe, expect, it } from 'vitest';
import {
  boundedPatch,
  MAX_PATCH_EDITS,
  patchBudget,
  replacementPatch,
} from '../../src/content/revisions/bounded-patch';
import { MAX_LINE_EDITS } from '../../src/content/revisions/line-changes';

const lines = (prefix: string, count: number, end = '\n') =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`).join('\n') + end;

describe('boundedPatch', () => {
  it("is the diff's own patch while the edits stay within the bound", () => {
    const was = lines('a', 50);
    const is = was.replace('a7\n', 'changed\n');
    const budget = patchBudget();
    expect(boundedPatch('a/p.md', 'b/p.md', was, is, budget)).toBe(
      createTwoFilesPatch('a/p.md', 'b/p.md', was, is, undefined, undefined, { context: 3 }),
    );
    expect(budget.edits).toBe(MAX_PATCH_EDITS - 2);
  });

  it('replaces the whole page in one hunk as the diff itself writes a page rewritten whole', () => {
    // Small texts with no line in common: the diff's patch is that same single hunk.
    for (const [was, is] of [
      ['a\nb\n', 'c\nd\ne\n'],
      ['a\nb', 'c\n'],
      ['a\n', 'c'],
      ['', 'c\n'],
      ['a\n', ''],
    ] as const) {
      const hand = replacementPatch('a/p.md', 'b/p.md', was, is);
      expect(hand, JSON.stringify([was, is])).toBe(
        createTwoFilesPatch('a/p.md', 'b/p.md', was, is, undefined, undefined, { context: 3 }),
      );
    }
  });

  it('answers a page rewritten line by line past the bound with a patch that still applies', () => {
    const was = lines('a', MAX_LINE_EDITS);
    const is = lines('z', MAX_LINE_EDITS, '');
    const budget = patchBudget();
    const patch = boundedPatch('a/p.md', 'b/p.md', was, is, budget);
    expect(parsePatch(patch)[0]?.hunks).toHaveLength(1);
    expect(applyPatch(was, patch)).toBe(is);
    expect(budget.edits).toBe(MAX_PATCH_EDITS - MAX_LINE_EDITS);
  });

  it("shares one budget among a request's pages: once spent, pages are shown whole replaced", () => {
    const budget = patchBudget();
    const was = lines('a', 20);
    const is = was.replace('a3\n', 'b3\n');
    budget.edits = 1;
    // One edit left: this page's two lines are past it.
    expect(parsePatch(boundedPatch('a/p.md', 'b/p.md', was, is, budget))[0]?.hunks[0]?.oldLines).toBe(20);
    expect(budget.edits).toBe(0);
    expect(boundedPatch('a/q.md', 'b/q.md', was, is, budget)).toBe(
      replacementPatch('a/q.md', 'b/q.md', was, is),
    );
  });
});
