/**
 * Where a moved item of a site's structure lands, as the structure sort takes it, for every
 * kind of move among siblings; and the same move applied to a structure at once.
 */
import { describe, expect, it } from 'vitest';
import { reorderedStructure, type StructureItemRef, sortPositionOf } from '../src/sites/structure-order';
import { STRUCTURE } from './support/site-fixtures';

const ref = (id: string): StructureItemRef => ({ type: 'site-section', id });
const [a, b, c] = [ref('a'), ref('b'), ref('c')];

describe('the position of a moved item', () => {
  it.each([
    ['first to last', 0, 2, { after: c }],
    ['first to second', 0, 1, { after: b }],
    ['last to first', 2, 0, { before: a }],
    ['last to second', 2, 1, { after: a }],
    ['second to first', 1, 0, { before: a }],
    ['second to last', 1, 2, { after: c }],
    ['nowhere', 1, 1, null],
    ['past the end', 1, 3, null],
    ['before the start', 1, -1, null],
  ])('%s', (_, from, to, expected) => {
    expect(sortPositionOf([a, b, c], from, to)).toEqual(expected);
  });

  it('has no position for an item without siblings', () => {
    expect(sortPositionOf([a], 0, 0)).toBeNull();
  });
});

describe('a structure reordered', () => {
  const order = (structure: unknown) =>
    (structure as { structure: Array<{ id: string; siteSpaces: Array<{ id: string }> }> }).structure.map(
      (section) => [section.id, section.siteSpaces.map((siteSpace) => siteSpace.id)],
    );

  it('moves top-level items, and only them', () => {
    const next = reorderedStructure(STRUCTURE as never, { kind: 'top' }, 0, 1);
    expect(order(next)).toEqual([
      ['section-api', ['ss-api']],
      ['section-guide', ['ss-v1', 'ss-v2']],
    ]);
  });

  it("moves a section's site spaces, and no other section's", () => {
    const next = reorderedStructure(
      STRUCTURE as never,
      { kind: 'section', sectionId: 'section-guide' },
      1,
      0,
    );
    expect(order(next)).toEqual([
      ['section-guide', ['ss-v2', 'ss-v1']],
      ['section-api', ['ss-api']],
    ]);
  });
});
