/**
 * Reading and writing one place of a block's JSON value, by path, for the fields of
 * `block-fields.ts` and `cards-fields.ts`: a write is a copy with that place set (objects and
 * arrays on the way made as needed) or removed, never a change of the value given.
 */
import { copyOf } from './gitbook-shapes';

export type Value = Record<string, unknown>;
export type Path = readonly (string | number)[];

export function read(value: unknown, path: Path): unknown {
  let here = value;
  for (const key of path) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = (here as Record<string | number, unknown>)[key];
  }
  return here;
}

/** A copy of `value` with `path` set (missing objects made), or removed when `next` is undefined. */
export function write(value: Value, path: Path, next: unknown): Value {
  const copy = copyOf(value);
  let here: Record<string | number, unknown> = copy;
  path.slice(0, -1).forEach((key, index) => {
    const child = here[key];
    if (typeof child !== 'object' || child === null)
      here[key] = typeof path[index + 1] === 'number' ? [] : {};
    here = here[key] as Record<string | number, unknown>;
  });
  const last = path[path.length - 1];
  if (last === undefined) return copy;
  if (next === undefined) delete here[last];
  else here[last] = next;
  return copy;
}

/** One field of a block's settings: a label, and how it reads and writes the block's value. */
export interface Field {
  id: string;
  label: string;
  /**
   * `button`: an action on the value (add a card...), `set(value, true)`; `upload`: a file
   * chosen is sent with the next save and `set(value, url)` gets its address in the batch
   * (`./<ref>`, `pending-uploads.ts`).
   */
  kind: 'text' | 'textarea' | 'checkbox' | 'select' | 'button' | 'upload';
  options?: readonly string[];
  /** For `upload`: the kinds of file taken (an `accept` list). */
  accept?: string;
  get: (value: Value) => string | boolean;
  set: (value: Value, input: string | boolean) => Value;
}
