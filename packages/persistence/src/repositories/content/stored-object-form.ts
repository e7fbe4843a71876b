/**
 * How content objects are written in the store: as they are, but a derived document
 * (`DocumentObject`, a body's GitBook tree as JSON: about 5 characters per character of
 * markdown) is stored deflated, as base64 text. 13.6 KB of a page's JSON takes about 2.8 KB
 * so, which keeps what an edit adds to the journal near what its body adds (issue 9's target
 * of 16 KB per edit holds with the document the warm-up derives), at about 0.1 ms to inflate
 * on a read that is not in the process's cache.
 *
 * A document stored plain (as the domain gives it) is read as it is, so both forms read back.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ContentObject } from '@quire/domain';

/** A document as stored: its JSON deflated (raw DEFLATE), base64. */
interface DeflatedDocument {
  kind: 'document';
  deflated: string;
}

export type StoredContentObject = ContentObject | DeflatedDocument;

export function storedFormOf(object: ContentObject): StoredContentObject {
  if (object.kind !== 'document') return object;
  return { kind: 'document', deflated: deflateRawSync(Buffer.from(object.json, 'utf8')).toString('base64') };
}

export function objectOfStoredForm(stored: StoredContentObject): ContentObject {
  if (stored.kind !== 'document' || !('deflated' in stored)) return stored as ContentObject;
  return { kind: 'document', json: inflateRawSync(Buffer.from(stored.deflated, 'base64')).toString('utf8') };
}
