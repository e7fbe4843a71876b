/**
 * Which site spaces' Spaces a caller is shown (`spaceEmbedding`), as a table of every
 * combination of the facts, with the rule that decides each.
 */
import { describe, expect, it } from 'vitest';
import {
  type EmbeddingFacts,
  type SpaceEmbedding,
  spaceEmbedding,
} from '../../src/publishing/embedded-space';

const cases: Array<[title: string, facts: EmbeddingFacts, expected: SpaceEmbedding]> = [
  [
    '1: deleted, seen by its viewer on a public site',
    { live: false, viewer: true, visitor: true },
    'left-out',
  ],
  ['1: deleted, seen by its viewer', { live: false, viewer: true, visitor: false }, 'left-out'],
  ['1: deleted, on a public site', { live: false, viewer: false, visitor: true }, 'left-out'],
  ['1: deleted, nothing else', { live: false, viewer: false, visitor: false }, 'left-out'],
  ['2: a viewer of the space, on a public site', { live: true, viewer: true, visitor: true }, 'as-viewer'],
  [
    '2: a viewer of the space, on an unpublished site',
    { live: true, viewer: true, visitor: false },
    'as-viewer',
  ],
  [
    '3: no role on the space, the site shown to them as a visitor',
    { live: true, viewer: false, visitor: true },
    'as-visitor',
  ],
  [
    '4: no role on the space, the site not shown to them as a visitor',
    { live: true, viewer: false, visitor: false },
    'left-out',
  ],
];

describe('spaceEmbedding', () => {
  it.each(cases)('%s', (_title, facts, expected) => {
    expect(spaceEmbedding(facts)).toBe(expected);
  });

  it('covers every combination of the facts', () => {
    const seen = new Set(cases.map(([, facts]) => `${facts.live}${facts.viewer}${facts.visitor}`));
    expect(seen.size).toBe(8);
  });
});
