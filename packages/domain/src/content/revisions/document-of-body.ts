/**
 * The document tree of a page body, converted once per body and kept by this process:
 * converting markdown costs milliseconds per kilobyte, and a body's address is the hash of
 * its text, so a kept tree never goes stale. Trees are kept under the body's address and the
 * conversion rules' key (`document-rules.ts`), the key their stored form has
 * (`stored-documents.ts`). Trees are shared between readers: they are only ever serialized,
 * never changed.
 */
import { type JSONDocument, markdownToDocument } from '@quire/documents';
import { documentRulesKey } from './document-rules';

const KEPT_DOCUMENTS = 2_000;
const kept = new Map<string, JSONDocument>();

/** The tree kept for the body at `address` under `rules`, if this process has it. */
export function keptDocument(address: string, rules: string = documentRulesKey()): JSONDocument | undefined {
  return kept.get(`${rules}:${address}`);
}

/** Keeps `document` as the tree of the body at `address` under `rules` (the oldest dropped past the bound). */
export function keepDocument(address: string, rules: string, document: JSONDocument): void {
  kept.set(`${rules}:${address}`, document);
  if (kept.size > KEPT_DOCUMENTS) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
}

/** Forgets every kept tree (tests: a read as by a process that kept none). */
export function forgetKeptDocuments(): void {
  kept.clear();
}

export function documentOfBody(address: string, markdown: string): JSONDocument {
  const known = keptDocument(address);
  if (known) return known;
  const document = markdownToDocument(markdown);
  keepDocument(address, documentRulesKey(), document);
  return document;
}
