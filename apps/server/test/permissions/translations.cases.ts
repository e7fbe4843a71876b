/**
 * The matrix of the translation routes. Translations follow the organization role: any role
 * reads them, `create` and above create, change, run and delete them; guests (grants on
 * content included) see none, people outside the organization find no organization. Each
 * call that may write gets a fresh source space (one translation per space and language).
 */
import { operations, ROLES } from '@quire/domain';
import { bySiteRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const TRANSLATIONS = '/v1/orgs/:organizationId/translations';
const TRANSLATION = `${TRANSLATIONS}/:translationId`;
const EDITORS = ['admin', 'create'] as const;

const instructions = {
  object: 'document',
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Formal tone.', marks: [] }] }],
    },
  ],
};

/** A translation of a fresh space, never run. */
async function freshTranslation(f: MatrixFixture): Promise<string> {
  const space = await f.freshSpace();
  const created = await f.run(operations.translations.create, {
    organizationId: f.organization.id,
    language: 'fr',
    source: { space, language: 'en' },
  });
  return created.id;
}

const translationAsAdmin = (f: MatrixFixture, translationId: string) =>
  f.read(operations.translations.get, { organizationId: f.organization.id, translationId });
const translationCount = async (f: MatrixFixture) =>
  ((await f.run(operations.translations.list, { organizationId: f.organization.id })) as { count: number })
    .count;
const translationInput = (f: MatrixFixture, translationId: string) => ({
  organizationId: f.organization.id,
  translationId,
});

export const translationCases: MatrixCase[] = [
  matrixCase({
    route: `GET ${TRANSLATIONS}`,
    input: (f) => ({ organizationId: f.organization.id }),
    expected: bySiteRole(ROLES, 200),
    rule: 'translations are the organization’s: members with a role list them; guests see none (404)',
  }),
  matrixCase({
    route: `POST ${TRANSLATIONS}`,
    prepare: (f) => f.freshSpace(),
    input: (f, space: string) => ({
      organizationId: f.organization.id,
      language: 'de',
      source: { space, language: 'en' },
      instructions,
    }),
    observe: translationCount,
    expected: bySiteRole([...EDITORS], 201),
    rule: 'creating one needs the right to create content in the organization and to view the source space',
  }),
  matrixCase({
    route: `GET ${TRANSLATION}`,
    prepare: freshTranslation,
    input: translationInput,
    expected: bySiteRole(ROLES, 200),
  }),
  matrixCase({
    route: `PUT ${TRANSLATION}`,
    prepare: freshTranslation,
    input: (f, translationId: string) => ({ ...translationInput(f, translationId), instructions }),
    observe: translationAsAdmin,
    expected: bySiteRole([...EDITORS], 200),
  }),
  matrixCase({
    route: `DELETE ${TRANSLATION}`,
    prepare: freshTranslation,
    input: translationInput,
    observe: translationCount,
    expected: bySiteRole([...EDITORS], 204),
  }),
  matrixCase({
    route: `POST ${TRANSLATION}/run`,
    prepare: freshTranslation,
    input: translationInput,
    observe: translationAsAdmin,
    expected: bySiteRole([...EDITORS], 204),
  }),
];
