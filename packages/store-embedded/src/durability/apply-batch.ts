/** Replaying journal batches into a `DatabaseState`, as recovery does. */
import type { CollectionState, DatabaseState, IndexDefinition, JournalOp } from '../journal-types';

function collection(state: DatabaseState, name: string): CollectionState {
  let existing = state.get(name);
  if (existing === undefined) {
    existing = { docs: new Map(), indexes: [] };
    state.set(name, existing);
  }
  return existing;
}

/**
 * Applies one batch. Every op is absolute (a post-image, a deletion, a definition), so the
 * result depends only on the order of ops, never on the state the engine saw when writing.
 */
export function applyBatch(state: DatabaseState, ops: readonly JournalOp[]): void {
  for (const op of ops) {
    switch (op.op) {
      case 'put':
        collection(state, op.c).docs.set(op.id, op.doc);
        break;
      case 'del':
        state.get(op.c)?.docs.delete(op.id);
        break;
      case 'createIndex': {
        const indexes = collection(state, op.c).indexes;
        const same = indexes.findIndex((index) => index.name === op.index.name);
        if (same < 0) indexes.push(op.index);
        else indexes[same] = op.index;
        break;
      }
      case 'dropCollection':
        state.delete(op.c);
        break;
    }
  }
}

/**
 * Parses and checks a batch's payload. A record whose checksum matches but whose content is
 * not a batch was written by something else (or a bug); replaying part of it would be worse
 * than refusing, so the caller turns the thrown message into a corruption error.
 */
export function decodeBatch(payload: Buffer): JournalOp[] {
  const parsed: unknown = JSON.parse(payload.toString('utf8'));
  if (!Array.isArray(parsed)) throw new Error('the record is not a batch (JSON array)');
  for (const op of parsed) {
    if (!isJournalOp(op)) throw new Error(`not a journal op: ${JSON.stringify(op).slice(0, 200)}`);
  }
  return parsed as JournalOp[];
}

function isJournalOp(value: unknown): value is JournalOp {
  if (typeof value !== 'object' || value === null) return false;
  const op = value as Record<string, unknown>;
  if (typeof op.c !== 'string') return false;
  switch (op.op) {
    case 'put':
      return typeof op.id === 'string' && typeof op.doc === 'string';
    case 'del':
      return typeof op.id === 'string';
    case 'createIndex':
      return isIndexDefinition(op.index);
    case 'dropCollection':
      return true;
    default:
      return false;
  }
}

export function isIndexDefinition(value: unknown): value is IndexDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const index = value as Record<string, unknown>;
  return (
    typeof index.name === 'string' &&
    typeof index.unique === 'boolean' &&
    Array.isArray(index.key) &&
    index.key.every(
      (part: unknown) =>
        Array.isArray(part) &&
        part.length === 2 &&
        typeof part[0] === 'string' &&
        (part[1] === 1 || part[1] === -1),
    )
  );
}
