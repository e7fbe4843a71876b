/**
 * Parsed copies of recently returned documents. Documents are kept as JSON text (compact,
 * and every read gets a private copy that callers may mutate), but parsing is most of the
 * cost of a read: copying an already parsed document is an order of magnitude faster than
 * `JSON.parse`. So a document a read returns is parsed once, kept here, and later reads of
 * the same version get a copy of it.
 *
 * An entry is keyed by `_id` key and holds the JSON text it was parsed from: it serves only
 * that version (a write also drops it). The kept documents are never handed out nor
 * mutated: readers get copies, or a view they promise not to change. One database's
 * collections share a budget of JSON characters, oldest entries going first.
 */
import type { Document } from '@quire/store';
import type { Projector } from './projection';

/** JSON characters kept parsed per database (a parsed document takes a few times its JSON size). */
export const DEFAULT_PARSED_BUDGET = 8 * 2 ** 20;
/** Larger documents are not kept: one would push out hundreds of small ones. */
const MAX_KEPT_LENGTH = 64 * 2 ** 10;

interface Entry {
  readonly owner: Map<string, Entry>;
  readonly key: string;
  readonly json: string;
  readonly doc: Document;
}

/** The budget the caches of one database's collections share: oldest entries are dropped first. */
export class ParsedBudget {
  readonly limit: number;
  // A Set iterates in insertion order: the oldest entry first.
  readonly #entries = new Set<Entry>();
  #used = 0;

  constructor(limit = DEFAULT_PARSED_BUDGET) {
    this.limit = limit;
  }

  get used(): number {
    return this.#used;
  }

  /** Whether a document of this JSON length may be kept. */
  accepts(length: number): boolean {
    return length <= MAX_KEPT_LENGTH && length <= this.limit;
  }

  admit(entry: Entry): void {
    this.#entries.add(entry);
    this.#used += entry.json.length;
    while (this.#used > this.limit) {
      const oldest = this.#entries.values().next().value as Entry;
      this.release(oldest);
      oldest.owner.delete(oldest.key);
    }
  }

  release(entry: Entry): void {
    if (this.#entries.delete(entry)) this.#used -= entry.json.length;
  }
}

/** One collection's kept documents. */
export class ParsedDocuments {
  readonly #entries = new Map<string, Entry>();
  readonly #budget: ParsedBudget;

  constructor(budget: ParsedBudget) {
    this.#budget = budget;
  }

  /**
   * A private copy of the document stored as `json` under `key`, which the caller may
   * mutate. `parsed`, if given, is `json` already parsed by `view` (kept instead of parsing
   * again).
   */
  copyOf(key: string, json: string, parsed?: Document): Document {
    const kept = this.#kept(key, json);
    if (kept !== undefined) return copyDocument(kept);
    const doc = parsed ?? (JSON.parse(json) as Document);
    // Not to be kept, so `parsed` (from `view`, which did not keep it either) is nobody else's.
    if (!this.#budget.accepts(json.length)) return doc;
    this.#keep(key, json, doc);
    return copyDocument(doc);
  }

  /**
   * `project` applied to a private copy of the document (see `copyOf`), without copying the
   * whole document first: a kept document is projected copying only the values kept.
   */
  projectedCopyOf(key: string, json: string, project: Projector, parsed?: Document): Document {
    const kept = this.#kept(key, json);
    if (kept !== undefined) return project(kept, copyValue);
    const doc = parsed ?? (JSON.parse(json) as Document);
    if (!this.#budget.accepts(json.length)) return project(doc);
    this.#keep(key, json, doc);
    return project(doc, copyValue);
  }

  /**
   * The document stored as `json`, to be read only (checked against a filter, sorted by,
   * handed to a cursor's transform). When `keep`, a document parsed here (or given as
   * `parsed`, `json` already parsed by an earlier `view`) is kept for the reads that follow.
   */
  view(key: string, json: string, keep = false, parsed?: Document): Document {
    const kept = this.#kept(key, json);
    if (kept !== undefined) return kept;
    const doc = parsed ?? (JSON.parse(json) as Document);
    if (keep && this.#budget.accepts(json.length)) this.#keep(key, json, doc);
    return doc;
  }

  /** Drops the entry of a document that a write changes or deletes. */
  forget(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#budget.release(entry);
  }

  clear(): void {
    for (const entry of this.#entries.values()) this.#budget.release(entry);
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #keep(key: string, json: string, doc: Document): void {
    this.forget(key);
    const entry: Entry = { owner: this.#entries, key, json, doc };
    this.#entries.set(key, entry);
    this.#budget.admit(entry);
  }

  #kept(key: string, json: string): Document | undefined {
    const entry = this.#entries.get(key);
    // The same string object, usually: then the comparison does not even read it.
    return entry !== undefined && entry.json === json ? entry.doc : undefined;
  }
}

/**
 * A deep copy of a parsed JSON document, equal to parsing its JSON again (same key order,
 * an own `__proto__` field stays a field). Spreading copies an object's fields in one step.
 */
export function copyDocument(doc: Document): Document {
  return copyObject(doc);
}

/** A deep copy of a JSON value (see `copyDocument`). */
export function copyValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Array.isArray(value) ? copyArray(value) : copyObject(value as Record<string, unknown>);
}

function copyObject(source: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...source };
  for (const key in copy) {
    const value = copy[key];
    if (typeof value !== 'object' || value === null) continue;
    const copied = Array.isArray(value) ? copyArray(value) : copyObject(value as Record<string, unknown>);
    if (key === '__proto__') {
      Object.defineProperty(copy, key, {
        value: copied,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else copy[key] = copied;
  }
  return copy;
}

function copyArray(source: unknown[]): unknown[] {
  const copy = source.slice();
  for (let i = 0; i < copy.length; i++) {
    const value = copy[i];
    if (typeof value === 'object' && value !== null) {
      copy[i] = Array.isArray(value) ? copyArray(value) : copyObject(value as Record<string, unknown>);
    }
  }
  return copy;
}
