/**
 * Find projections with MongoDB's rules: inclusion or exclusion (never both, except for
 * `_id`, which is included unless excluded), dotted paths that reach into arrays of
 * objects, `$slice` and `$elemMatch`. Aggregation expressions, `$meta` and the positional
 * `field.$` are refused. Written here rather than taken from mingo, whose projection
 * reorders fields, treats a lone `$slice` as an inclusion, and mutates its input.
 */
import type { Document } from '@quire/store';
import { isPlainObject } from './bson-order';
import { EmbeddedServerError } from './errors';
import { checkFilter } from './filter-validation';
import { compileFilter, type DocumentPredicate } from './matcher';

/**
 * Applies a projection. With `copy`, every value taken from `doc` goes through it (a deep
 * copy), so a read-only document (a kept parsed one) can be projected without copying it
 * whole first.
 */
export type Projector = (doc: Document, copy?: ValueCopier) => Document;
export type ValueCopier = (value: unknown) => unknown;

const asIs: ValueCopier = (value) => value;

type ProjectionNode =
  | { kind: 'include' }
  | { kind: 'exclude' }
  | { kind: 'slice'; skip: number; limit: number | undefined }
  | { kind: 'elemMatch'; matches: DocumentPredicate }
  | { kind: 'nested'; children: ProjectionTree };

type ProjectionTree = Map<string, ProjectionNode>;

/** A function applying `projection`, or undefined when it keeps documents whole. */
export function compileProjection(projection: Document | undefined): Projector | undefined {
  if (projection === undefined || projection === null) return undefined;
  if (!isPlainObject(projection)) throw badProjection('a projection must be an object');
  const entries = Object.entries(projection);
  if (entries.length === 0) return undefined;

  const root: ProjectionTree = new Map();
  let mode: 'inclusion' | 'exclusion' | undefined;
  for (const [path, value] of entries) {
    const node = parseNode(path, value);
    const nodeMode =
      node.kind === 'include' || node.kind === 'elemMatch'
        ? 'inclusion'
        : node.kind === 'exclude'
          ? 'exclusion'
          : undefined;
    if (path !== '_id' && nodeMode !== undefined) {
      if (mode !== undefined && mode !== nodeMode) {
        const verb = nodeMode === 'inclusion' ? 'inclusion' : 'exclusion';
        throw badProjection(`Cannot do ${verb} on field ${path} in ${mode} projection`);
      }
      mode = nodeMode;
    }
    insert(root, path, node);
  }

  if (mode === undefined && root.get('_id')?.kind === 'include') mode = 'inclusion';
  if (mode === 'inclusion') {
    if (!root.has('_id')) root.set('_id', { kind: 'include' });
    return (doc, copy = asIs) => includeFields(doc, root, copy);
  }
  return (doc, copy = asIs) => excludeFields(doc, root, copy);
}

function parseNode(path: string, value: unknown): ProjectionNode {
  if (path === '' || path.startsWith('$') || path.split('.').includes('')) {
    throw badProjection(`invalid projection field '${path}'`);
  }
  if (path.endsWith('.$')) {
    throw badProjection(`the positional projection '${path}' is not supported by the embedded store`);
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return value ? { kind: 'include' } : { kind: 'exclude' };
  }
  if (isPlainObject(value) && Object.keys(value).length === 1) {
    if ('$slice' in value) return parseSlice(path, value.$slice);
    if ('$elemMatch' in value) {
      if (path.includes('.'))
        throw badProjection(`Cannot use $elemMatch projection on a nested field: ${path}`);
      if (!isPlainObject(value.$elemMatch)) throw badProjection(`$elemMatch of '${path}' needs an object`);
      return { kind: 'elemMatch', matches: elementMatcher(value.$elemMatch) };
    }
  }
  const what = isPlainObject(value) ? Object.keys(value).join(', ') || '{}' : JSON.stringify(value);
  throw badProjection(
    `projection of '${path}' uses ${what}: only 1/0, true/false, $slice and $elemMatch are supported by the embedded store`,
  );
}

function parseSlice(path: string, slice: unknown): ProjectionNode {
  if (Number.isInteger(slice)) {
    const count = slice as number;
    return count >= 0
      ? { kind: 'slice', skip: 0, limit: count }
      : { kind: 'slice', skip: count, limit: undefined };
  }
  if (Array.isArray(slice) && slice.length === 2 && slice.every(Number.isInteger) && slice[1] > 0) {
    return { kind: 'slice', skip: slice[0] as number, limit: slice[1] as number };
  }
  throw badProjection(`$slice of '${path}' needs an integer or [skip, limit] with a positive limit`);
}

/** `$elemMatch` conditions apply to an element, like a filter on a document `{ element }`. */
function elementMatcher(conditions: Record<string, unknown>): DocumentPredicate {
  const matches = compileFilter(checkFilter({ element: { $elemMatch: conditions } }));
  return (element) => matches({ element: [element] });
}

function insert(tree: ProjectionTree, path: string, node: ProjectionNode): void {
  const parts = path.split('.');
  let current = tree;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!;
    let child = current.get(part);
    if (child === undefined) {
      child = { kind: 'nested', children: new Map() };
      current.set(part, child);
    }
    if (child.kind !== 'nested') throw badProjection(`Path collision at ${path}`);
    current = child.children;
  }
  const last = parts.at(-1)!;
  if (current.has(last)) throw badProjection(`Path collision at ${path}`);
  current.set(last, node);
}

function includeFields(doc: Document, tree: ProjectionTree, copy: ValueCopier): Document {
  const projected: Document = {};
  for (const [field, value] of Object.entries(doc)) {
    const node = tree.get(field);
    if (node === undefined || node.kind === 'exclude') continue;
    switch (node.kind) {
      case 'include':
        projected[field] = copy(value);
        break;
      case 'slice':
        projected[field] = copy(sliceOf(value, node));
        break;
      case 'elemMatch': {
        if (!Array.isArray(value)) break;
        const first = value.find((element) => node.matches(element));
        if (first !== undefined) projected[field] = [copy(first)];
        break;
      }
      case 'nested': {
        const inner = includeNested(value, node.children, copy);
        if (inner !== undefined) projected[field] = inner;
        break;
      }
    }
  }
  return projected;
}

/** Inside an array, inclusion keeps only the objects (and arrays), projected. */
function includeNested(value: unknown, tree: ProjectionTree, copy: ValueCopier): unknown {
  if (isPlainObject(value)) return includeFields(value, tree, copy);
  if (!Array.isArray(value)) return undefined;
  return value
    .map((element) => includeNested(element, tree, copy))
    .filter((element) => element !== undefined);
}

function excludeFields(doc: Document, tree: ProjectionTree, copy: ValueCopier): Document {
  const projected: Document = {};
  for (const [field, value] of Object.entries(doc)) {
    const node = tree.get(field);
    if (node === undefined || node.kind === 'include') {
      projected[field] = copy(value);
      continue;
    }
    if (node.kind === 'slice') projected[field] = copy(sliceOf(value, node));
    else if (node.kind === 'nested') projected[field] = excludeNested(value, node.children, copy);
  }
  return projected;
}

function excludeNested(value: unknown, tree: ProjectionTree, copy: ValueCopier): unknown {
  if (isPlainObject(value)) return excludeFields(value, tree, copy);
  if (Array.isArray(value)) return value.map((element) => excludeNested(element, tree, copy));
  return copy(value);
}

function sliceOf(value: unknown, slice: { skip: number; limit: number | undefined }): unknown {
  if (!Array.isArray(value)) return value;
  const start = slice.skip < 0 ? Math.max(value.length + slice.skip, 0) : slice.skip;
  return value.slice(start, slice.limit === undefined ? undefined : start + slice.limit);
}

function badProjection(message: string): EmbeddedServerError {
  return new EmbeddedServerError('BadValue', message);
}
