/**
 * What a revision holds besides its pages and files: its reusable contents and the space's
 * variables.
 *
 * *Storage:* a reusable content is stored as a page is, in the same content-addressed
 * objects: a page object (id, title, slug = its id, position, dates, the address of its
 * markdown body, the Git blob it was read from) in a flat tree of its own, whose address the
 * revision record names (`reusableContents`). So a change request branches and merges
 * reusable contents with the same three-way merge as pages (bodies line by line), an edit of
 * one rewrites one body, one page object and one small tree, and everything else is shared
 * between revisions. The space's variables are one `variables` object (`variables`).
 * A revision written by code that knows nothing of them (`extras` absent) keeps its first
 * parent's.
 */
import type { DomainServices } from '../../core/context';
import { addressOf } from '../revisions/content-address';
import { buildTree, loadPages } from '../revisions/page-tree';
import type { BodyObject, ContentObject, RevisionRecord, VariableValues } from '../revisions/records';
import type { StoredPages } from '../revisions/stored-page';
import { hasVariables, variablesObject } from './variables';

export interface RevisionExtras {
  /** The reusable contents, as stored pages at the top level (parentId null). */
  reusableContents: StoredPages;
  variables: VariableValues;
  /** Bodies of the reusable contents that may not be stored yet, by address. */
  bodies?: ReadonlyMap<string, BodyObject>;
}

type Objects = Pick<DomainServices, 'repos'>;

/** The reusable contents and variables of a revision, read. */
export async function extrasOf(services: Objects, revision: RevisionRecord): Promise<RevisionExtras> {
  const [reusableContents, variables] = await Promise.all([
    reusableContentsOf(services, revision),
    variablesOf(services, revision),
  ]);
  return { reusableContents, variables };
}

/** The reusable contents of a revision, by id (none: an empty map, nothing read). */
export async function reusableContentsOf(services: Objects, revision: RevisionRecord): Promise<StoredPages> {
  if (revision.reusableContents === undefined) return new Map();
  return loadPages(services, revision.reusableContents);
}

/** The space's variables in a revision (none: empty, nothing read). */
export async function variablesOf(services: Objects, revision: RevisionRecord): Promise<VariableValues> {
  if (revision.variables === undefined) return {};
  const objects = await services.repos.contentObjects.getMany([revision.variables]);
  const object = objects.get(revision.variables);
  if (object?.kind !== 'variables') throw new Error(`variables object ${revision.variables} is missing`);
  return object.values;
}

/**
 * The record's fields for `extras` (absent: the first parent's), adding the objects to
 * store to `objects`.
 */
export function extrasAddresses(
  extras: RevisionExtras | undefined,
  parent: RevisionRecord | undefined,
  objects: Map<string, ContentObject>,
): Pick<RevisionRecord, 'reusableContents' | 'variables'> {
  if (!extras) {
    return {
      ...(parent?.reusableContents !== undefined ? { reusableContents: parent.reusableContents } : {}),
      ...(parent?.variables !== undefined ? { variables: parent.variables } : {}),
    };
  }
  const fields: Pick<RevisionRecord, 'reusableContents' | 'variables'> = {};
  if (extras.reusableContents.size > 0) {
    const built = buildTree(extras.reusableContents);
    for (const [address, object] of built.objects) objects.set(address, object);
    for (const page of extras.reusableContents.values()) {
      const body = extras.bodies?.get(page.body);
      if (body) objects.set(page.body, body);
    }
    fields.reusableContents = built.tree;
  }
  if (hasVariables(extras.variables)) {
    const object = variablesObject(extras.variables);
    const address = addressOf(object);
    objects.set(address, object);
    fields.variables = address;
  }
  return fields;
}

/** Whether two revisions hold the same reusable contents and variables (by address). */
export const sameExtras = (a: RevisionRecord, b: RevisionRecord): boolean =>
  a.reusableContents === b.reusableContents && a.variables === b.variables;
