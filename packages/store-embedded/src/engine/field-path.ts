/**
 * The values a dotted path reaches in a document, following MongoDB's rules for arrays:
 * a path continues into every object element of an array (`lines.sku`), a numeric part
 * selects a position (`tags.0`), and an array at the end of the path yields its elements.
 * Index keys and sort keys are built from these values.
 */
import { isPlainObject } from './bson-order';

export interface PathValues {
  /** The values reached; `undefined` stands for a missing field, an empty array for itself. */
  values: unknown[];
  /** Whether an array was met on the way or at the end (the value is "multikey"). */
  throughArray: boolean;
}

export function splitPath(path: string): readonly string[] {
  return path.split('.');
}

export function collectPathValues(doc: unknown, parts: readonly string[]): PathValues {
  const found: PathValues = { values: [], throughArray: false };
  walk(doc, parts, 0, found);
  if (found.values.length === 0) found.values.push(undefined);
  return found;
}

function walk(value: unknown, parts: readonly string[], position: number, found: PathValues): void {
  if (position === parts.length) {
    if (!Array.isArray(value)) {
      found.values.push(value);
      return;
    }
    found.throughArray = true;
    if (value.length === 0) found.values.push(value);
    else for (const element of value) found.values.push(element);
    return;
  }
  const part = parts[position]!;
  if (Array.isArray(value)) {
    found.throughArray = true;
    if (isArrayIndex(part)) {
      walk(value[Number(part)], parts, position + 1, found);
      return;
    }
    for (const element of value) {
      if (isPlainObject(element)) walk(element[part], parts, position + 1, found);
    }
    return;
  }
  if (isPlainObject(value)) {
    walk(value[part], parts, position + 1, found);
    return;
  }
  found.values.push(undefined);
}

function isArrayIndex(part: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(part);
}
