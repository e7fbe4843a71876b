/**
 * The document an upsert starts from when nothing matched, built like MongoDB builds it:
 * the filter's equality conditions (`field: value`, `field: { $eq: value }`, also inside a
 * top-level `$and`, dotted paths becoming nested objects); other conditions are ignored.
 */
import type { Document } from '@quire/store';
import { isPlainObject } from './bson-order';
import { EmbeddedServerError } from './errors';

export function seedFromFilter(filter: Document): Document {
  const seed: Document = {};
  for (const [path, value] of equalities(filter)) setPath(seed, path, value);
  return seed;
}

/** The `_id` the filter pins by equality, if any: a replacement upsert takes only that. */
export function seededId(filter: Document): unknown {
  return equalities(filter).find(([path]) => path === '_id')?.[1];
}

function equalities(filter: Document): Array<[string, unknown]> {
  const found: Array<[string, unknown]> = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and') {
      for (const clause of condition as Document[]) found.push(...equalities(clause));
    } else if (key.startsWith('$') || condition instanceof RegExp) {
      // $or, $nor, $expr... and regexes do not name one value.
    } else if (isPlainObject(condition) && Object.keys(condition).some((k) => k.startsWith('$'))) {
      if ('$eq' in condition) found.push([key, condition.$eq]);
    } else {
      found.push([key, condition]);
    }
  }
  return found;
}

function setPath(seed: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let target: Record<string, unknown> = seed;
  for (const [i, part] of parts.entries()) {
    const isLast = i === parts.length - 1;
    const existing = target[part];
    if (isLast ? existing !== undefined : existing !== undefined && !isPlainObject(existing)) {
      throw new EmbeddedServerError(
        'BadValue',
        `cannot infer query fields to set, path '${path}' is matched twice`,
      );
    }
    if (isLast) {
      // A copy: the update that follows mutates the seed, which must not reach the caller's filter.
      target[part] = structuredClone(value);
    } else {
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    }
  }
}
