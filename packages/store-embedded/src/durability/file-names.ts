/**
 * The names of the files in a store directory. Every compaction starts a new generation:
 * `snapshot-<g>.snap` holds the state as it was when `journal-<g>.log` was started, and the
 * state now is that snapshot plus journals g, g+1, ... replayed in order. Generation 1 has no
 * snapshot: it starts from an empty state.
 */
import path from 'node:path';

export const LOCK_FILE_NAME = 'LOCK';
const GENERATION_DIGITS = 6;
const TEMPORARY_SUFFIX = '.tmp';

const JOURNAL_PATTERN = /^journal-(\d+)\.log$/;
const SNAPSHOT_PATTERN = /^snapshot-(\d+)\.snap$/;

function padded(generation: number): string {
  return String(generation).padStart(GENERATION_DIGITS, '0');
}

export function journalFileName(generation: number): string {
  return `journal-${padded(generation)}.log`;
}

export function snapshotFileName(generation: number): string {
  return `snapshot-${padded(generation)}.snap`;
}

/** Snapshots are written under this name and renamed into place only once complete and fsynced. */
export function temporarySnapshotFileName(generation: number): string {
  return snapshotFileName(generation) + TEMPORARY_SUFFIX;
}

export interface StoreFiles {
  /** Ascending. */
  journals: number[];
  /** Ascending. */
  snapshots: number[];
  /** Leftovers of interrupted snapshot writes; never part of the state. */
  temporary: string[];
}

export function classifyStoreFiles(names: readonly string[]): StoreFiles {
  const journals: number[] = [];
  const snapshots: number[] = [];
  const temporary: string[] = [];
  for (const name of names) {
    const journal = JOURNAL_PATTERN.exec(name);
    const snapshot = SNAPSHOT_PATTERN.exec(name);
    if (journal?.[1] !== undefined) journals.push(Number(journal[1]));
    else if (snapshot?.[1] !== undefined) snapshots.push(Number(snapshot[1]));
    else if (name.endsWith(TEMPORARY_SUFFIX)) temporary.push(name);
  }
  const ascending = (a: number, b: number) => a - b;
  return { journals: journals.sort(ascending), snapshots: snapshots.sort(ascending), temporary };
}

export function inDir(dir: string, name: string): string {
  return path.join(dir, name);
}
