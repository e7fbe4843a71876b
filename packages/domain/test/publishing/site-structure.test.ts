/**
 * The structure rules of `site-structure.ts` as tables: where the sort may move each kind of
 * item (rule 5), sections a caller names (the 400 naming the field), conditions written on
 * sections and site spaces (absent leaves, null removes, text checked against the schema),
 * and the defaults (rules 1 and 2).
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/core/errors';
import { type AdaptiveSchema, DEFAULT_ADAPTIVE_SCHEMA } from '../../src/publishing/conditions';
import type { SiteSectionRecord, SiteSpaceRecord } from '../../src/publishing/records';
import {
  addSection,
  assertSectionsOfSite,
  defaultSectionOf,
  moveStructureItem,
  orderedSections,
  removeSection,
  type Structure,
  type StructurePointer,
  type StructurePosition,
  withCondition,
} from '../../src/publishing/site-structure';

const siteSpace = (id: string): SiteSpaceRecord => ({ id, spaceId: `space-${id}`, path: id });
const section = (id: string, siteSpaces: string[]): SiteSectionRecord => ({
  id,
  title: id,
  path: id,
  siteSpaces: siteSpaces.map(siteSpace),
});

/** Top level: a, group g (b, c), d; site spaces a1 a2 in a, b1 in b. */
const structure: Structure = {
  sections: [section('a', ['a1', 'a2']), section('b', ['b1']), section('c', ['c1']), section('d', ['d1'])],
  groups: [{ id: 'g', title: 'G', sectionIds: ['b', 'c'] }],
  items: [
    { type: 'section', id: 'a' },
    { type: 'group', id: 'g' },
    { type: 'section', id: 'd' },
  ],
  siteSpaces: [],
};

const S = (id: string): StructurePointer => ({ type: 'site-section', id });
const G = (id: string): StructurePointer => ({ type: 'site-section-group', id });
const SP = (id: string): StructurePointer => ({ type: 'site-space', id });

const topOrder = (next: Structure) => next.items.map((item) => item.id);
const outcome = (item: StructurePointer, position: StructurePosition): string => {
  try {
    const next = moveStructureItem(structure, item, position);
    return [
      topOrder(next).join(' '),
      next.groups[0]!.sectionIds.join(' '),
      next.sections[0]!.siteSpaces.map((s) => s.id).join(' '),
    ].join(' | ');
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
};

describe('moveStructureItem (rule 5: among siblings only)', () => {
  const cases: Array<[string, StructurePointer, StructurePosition, string]> = [
    ['a top-level section last', S('a'), {}, 'g d a | b c | a1 a2'],
    ['a top-level section before a group', S('d'), { before: G('g') }, 'a d g | b c | a1 a2'],
    ['a group after a section', G('g'), { after: S('d') }, 'a d g | b c | a1 a2'],
    [
      'a group between two adjacent sections',
      G('g'),
      { after: S('a'), before: S('d') },
      'a g d | b c | a1 a2',
    ],
    ['a grouped section within its group', S('c'), { before: S('b') }, 'a g d | c b | a1 a2'],
    ['a site space within its section', SP('a2'), { before: SP('a1') }, 'a g d | b c | a2 a1'],
    ['a grouped section next to a top-level one', S('b'), { after: S('a') }, 'invalid_position'],
    ['a top-level section next to a grouped one', S('a'), { before: S('c') }, 'invalid_position'],
    ['a top-level section next to a site space', S('a'), { before: SP('a1') }, 'invalid_position'],
    ['a site space next to a section', SP('a1'), { before: S('a') }, 'invalid_position'],
    ['a site space next to one of another section', SP('a1'), { before: SP('b1') }, 'invalid_position'],
    ['a group into a group (next to a grouped section)', G('g'), { before: S('b') }, 'invalid_position'],
    ['next to itself', S('a'), { before: S('a') }, 'invalid_position'],
    ['before and after not adjacent', S('d'), { after: S('a'), before: S('a') }, 'invalid_position'],
    ['next to an unknown item', S('a'), { before: S('zz') }, 'invalid_position'],
    ['an unknown section', S('zz'), {}, 'not_found'],
    ['an unknown group', G('zz'), {}, 'not_found'],
    ['an unknown site space', SP('zz'), {}, 'not_found'],
  ];
  it.each(cases)('%s', (_title, item, position, expected) => {
    expect(outcome(item, position)).toBe(expected);
  });

  it('never loses nor duplicates an item', () => {
    for (const [, item, position, expected] of cases) {
      if (!expected.includes('|')) continue;
      const next = moveStructureItem(structure, item, position);
      expect(
        orderedSections(next)
          .map((s) => s.id)
          .sort(),
      ).toEqual(['a', 'b', 'c', 'd']);
    }
  });
});

describe('assertSectionsOfSite', () => {
  it.each([
    [['a', 'b'], null],
    [[], null],
    [['a', 'other-site'], 'sections'],
  ] as const)('%j', (ids, field) => {
    const run = () => assertSectionsOfSite(structure, ids, 'sections');
    if (field === null) expect(run).not.toThrow();
    else
      expect(run).toThrow(
        expect.objectContaining({
          code: 'validation',
          details: { issues: [expect.objectContaining({ field })] },
        }),
      );
  });
});

describe('withCondition', () => {
  const schema: AdaptiveSchema = {
    type: 'object',
    properties: {
      unsigned: {
        type: 'object',
        properties: { beta: { type: 'boolean' } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
  type Holder = { id: string; condition?: string };
  const holding: Holder = {
    id: 'x',
    condition: 'visitor.claims.unsigned.beta == true',
  };
  it.each<[string, Holder, string | null | undefined, AdaptiveSchema, string | undefined]>([
    ['absent leaves it', holding, undefined, schema, holding.condition],
    ['null removes it', holding, null, schema, undefined],
    [
      'text sets it',
      { id: 'x' },
      'visitor.claims.unsigned.beta != true',
      schema,
      'visitor.claims.unsigned.beta != true',
    ],
    ['a claim the schema lacks', holding, 'visitor.claims.unsigned.alpha == true', schema, 'validation'],
    ['a claim the default schema lacks', holding, holding.condition, DEFAULT_ADAPTIVE_SCHEMA, 'validation'],
    ['text that does not parse', holding, 'visitor.claims.unsigned.beta ==', schema, 'validation'],
    ['a function call', holding, 'alert(1)', schema, 'validation'],
  ])('%s', (_title, item, condition, against, expected) => {
    let result: string | undefined;
    try {
      result = withCondition(item, condition, against).condition;
    } catch (error) {
      expect(error).toMatchObject({ code: 'validation', details: { issues: [{ field: 'condition' }] } });
      result = 'validation';
    }
    expect(result).toBe(expected);
  });
});

describe('defaults (rules 1 and 2)', () => {
  it('the first section wraps the root site spaces, first and default; deleting the default hands over', () => {
    const root: Structure = { sections: [], groups: [], items: [], siteSpaces: [siteSpace('r1')] };
    let ids = 0;
    const { structure: added, section: made } = addSection(
      root,
      { id: 'new', title: 'New', siteSpace: siteSpace('n1') },
      'Site',
      () => `wrap${++ids}`,
    );
    expect(orderedSections(added).map((s) => s.id)).toEqual(['wrap1', 'new']);
    expect(added.siteSpaces).toEqual([]);
    expect(defaultSectionOf(added)?.id).toBe('wrap1');
    const withDefault = { ...added, defaultSectionId: made.id };
    expect(defaultSectionOf(removeSection(withDefault, made.id))?.id).toBe('wrap1');
    expect(defaultSectionOf(removeSection(added, 'wrap1'))?.id).toBe('new');
  });
});
