/**
 * What a stored record names, read as the blob collection's mark reads it: every blob hash
 * (64 lowercase hex characters) anywhere in any string of it, a field's value or a part of a
 * longer string (a URL `/files/<hash>/<name>`, a hex run holding one), and every string that
 * may be a content address (43 base64url characters: a whole token, or one that starts a
 * longer run or one of its `-`/`_` parts, or ends it). Field names count as strings. A
 * document a content object keeps deflated (`stored-object-form.ts`) is read inflated: its
 * base64 would hide what it names.
 *
 * Conservative by design: a string that only looks like a hash keeps the blob it happens to
 * name; a hash that no string holds is never kept by this record. What a record says is a
 * member's to choose (a page of hex text names a hash at each offset): the visitor must only
 * look names up, never keep each one it is given (`referenced-blobs.ts`).
 */
import { inflateRawSync } from 'node:zlib';

const HEX_RUN = /[0-9a-f]{64,}/g;
const TOKEN_RUN = /[A-Za-z0-9_-]{43,}/g;
const ADDRESS_LENGTH = 43;
const HASH_LENGTH = 64;

export interface NameVisitor {
  hash(hash: string): void;
  address(address: string): void;
}

export function visitNamesIn(value: unknown, visit: NameVisitor): void {
  if (typeof value === 'string') {
    visitNamesInText(value, visit);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const element of value) visitNamesIn(element, visit);
    return;
  }
  // Binary data (bytes of a GridFS chunk, a driver's Binary), dates, ids: no names.
  if (ArrayBuffer.isView(value) || value instanceof Date) return;
  const record = value as Record<string, unknown>;
  if (record.kind === 'document' && typeof record.deflated === 'string') {
    visitNamesInText(inflated(record.deflated), visit);
  }
  for (const [key, field] of Object.entries(record)) {
    visitNamesInText(key, visit);
    visitNamesIn(field, visit);
  }
}

function visitNamesInText(text: string, visit: NameVisitor): void {
  if (text.length < ADDRESS_LENGTH) return;
  for (const run of text.matchAll(HEX_RUN)) {
    const hex = run[0];
    // Every 64-window of a longer run, not only its ends: a hash glued to hex-looking text
    // (`cafe<hash>`, two hashes joined, a hex-encoded key) is named by nothing else, and a
    // name missed deletes live bytes. The cost is per character of text, not per name kept:
    // each window is a slice of the run (no copy) the visitor only looks up (the mark takes it
    // out of the candidates, never adds it), so a megabyte of hex is a million lookups and
    // holds nothing after them.
    for (let start = 0; start + HASH_LENGTH <= hex.length; start++)
      visit.hash(hex.slice(start, start + HASH_LENGTH));
  }
  // Addresses the same way: a run of `x-y-z-...` visits one after each `-`, each only looked
  // up by the mark among the content objects' ids.
  for (const run of text.matchAll(TOKEN_RUN)) {
    const token = run[0];
    visit.address(token.slice(0, ADDRESS_LENGTH));
    if (token.length === ADDRESS_LENGTH) continue;
    visit.address(token.slice(-ADDRESS_LENGTH));
    for (let start = 1; start + ADDRESS_LENGTH <= token.length; start++) {
      const before = token[start - 1];
      if (before === '-' || before === '_') visit.address(token.slice(start, start + ADDRESS_LENGTH));
    }
  }
}

/** The text of a deflated document; a value that does not inflate is read as it is. */
function inflated(deflated: string): string {
  try {
    return inflateRawSync(Buffer.from(deflated, 'base64')).toString('utf8');
  } catch {
    return deflated;
  }
}
