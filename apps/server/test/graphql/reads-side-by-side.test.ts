/**
 * Which prepared documents gather their reads (`reads-side-by-side.ts`): those that can run
 * reads of one kind side by side (several root fields, a list of objects anywhere), and no
 * others. Checked against the server's own schema.
 */
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { readsSideBySide } from '../../src/faces/graphql/reads-side-by-side';
import { buildGraphqlSchema } from '../../src/faces/graphql/schema';

const schema = buildGraphqlSchema();
const gathers = (query: string) => readsSideBySide(schema, parse(query));

describe('a document gathers its reads', () => {
  it.each([
    [
      'a connection of objects',
      '{ orgsMembersList(organizationId: "o", first: 5) { edges { node { id } } } }',
    ],
    ['two root fields', '{ a: orgsGet(organizationId: "o") { id } b: orgsGet(organizationId: "p") { id } }'],
    ['a fragment at the root', '{ ... on Query { orgsGet(organizationId: "o") { id } } }'],
    [
      'a list of objects below a single one',
      '{ spacesGet(spaceId: "s") { organization { members(first: 5) { edges { node { id } } } } } }',
    ],
    [
      'two operations in one document',
      'query A { orgsGet(organizationId: "o") { id } } query B { orgsGet(organizationId: "p") { id } }',
    ],
  ])('%s', (_name, query) => {
    expect(gathers(query)).toBe(true);
  });

  it.each([
    [
      'one object with scalars and lists of scalars',
      '{ orgsGet(organizationId: "o") { id title emailDomains urls { location app } permissions { view admin } } }',
    ],
    [
      'single relations of a single object',
      '{ spacesGet(spaceId: "s") { organization { id } parent { id } } }',
    ],
    [
      'a fragment below the root',
      'query { orgsGet(organizationId: "o") { ...fields } } fragment fields on Organization { id title }',
    ],
  ])('not %s', (_name, query) => {
    expect(gathers(query)).toBe(false);
  });
});
