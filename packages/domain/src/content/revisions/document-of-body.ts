/**
 * The document tree of a page body, converted once per body and kept by this process:
 * converting markdown costs milliseconds per kilobyte, and a body's address is the hash of
 * its text, so a kept tree never goes stale. Trees are shared between readers: they are
 * only ever serialized, never changed.
 */
import { type JSONDocument, markdownToDocument } from '@quire/documents';

const KEPT_DOCUMENTS = 2_000;
const kept = new Map<string, JSONDocument>();

export function documentOfBody(address: string, markdown: string): JSONDocument {
  const known = kept.get(address);
  if (known) return known;
  const document = markdownToDocument(markdown);
  kept.set(address, document);
  if (kept.size > KEPT_DOCUMENTS) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  return document;
}
