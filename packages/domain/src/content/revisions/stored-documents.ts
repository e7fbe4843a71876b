/**
 * The document trees of bodies, derived once and stored (`DocumentObject`), so that reading a
 * page's document is a store read and a `JSON.parse`, not a conversion of its markdown
 * (milliseconds per kilobyte: 15 to 30 ms for a page of 3 KB of GitBook blocks).
 *
 * Rules:
 * 1. A body's document is stored under `documentAddressOf(body)`: the body's address (the
 *    hash of its text) and the conversion rules' key (`document-rules.ts`). A stored document
 *    is therefore exactly the conversion of that text under these rules: it can never be
 *    stale nor another body's, and a body rewritten is another address, so another document.
 * 2. Derived on a miss: a read that finds none converts the body, as before, and stores it.
 *    So nothing depends on the derived record being there: a crash between a body's write and
 *    its document's (or a body written by a path that derives nothing) is healed by the next
 *    read. The write path's warm-up (`deriveRevisionDocuments`) derives them ahead of readers.
 * 3. Bounded: a document's JSON longer than `MAX_STORED_DOCUMENT_CHARS` is not stored (its
 *    body is within the body's caps, so it converts as before, kept in memory as every tree
 *    read: `document-of-body.ts`); a stored record that is not a document's is read as a miss.
 * 4. No rights of their own: callers read a document only for a body they have already
 *    authorized (a page of a revision they may view, a document their space holds); the
 *    address names content, never who may read it.
 * Trees are shared between readers (kept by `documentOfBody`'s cache): never changed.
 */
import { type JSONDocument, markdownToDocument } from '@quire/documents';
import type { DomainServices } from '../../core/context';
import { nextEventLoopTurn } from '../../core/event-loop-turn';
import { keepDocument, keptDocument } from './document-of-body';
import { documentRulesKey } from './document-rules';
import { loadBodies } from './page-tree';
import type { ContentObject, DocumentObject } from './records';

type Services = Pick<DomainServices, 'repos'>;

/**
 * The longest document JSON stored: 8 times the characters of a body (`markdownLimits`'
 * 2,000,000). A page of GitBook blocks makes about 5 characters of JSON per character of
 * markdown; what makes more is converted per process instead.
 */
export const MAX_STORED_DOCUMENT_CHARS = 16_000_000;

/** Where the document of the body at `bodyAddress` is stored under the rules `rules`. */
export function documentAddressOf(bodyAddress: string, rules: string = documentRulesKey()): string {
  return `document${rules}:${bodyAddress}`;
}

export interface StoredDocumentOptions {
  /** The rules' key (tests: a bump of the rules); the current rules' by default. */
  rules?: string;
  /** The longest JSON stored (tests); `MAX_STORED_DOCUMENT_CHARS` by default. */
  maxStoredChars?: number;
}

/**
 * Converts bodies' markdown to their documents' JSON (`JSON.stringify(markdownToDocument(m))`
 * for each, in order) away from the caller's event loop: the server's job threads. The
 * warm-up's; readers convert in place (they need the tree at once, and one page at a time).
 */
export type DocumentConversion = (markdowns: readonly string[]) => Promise<string[]>;

/** What the write path's warm-up is given: where it converts, and whom it tells how far it got. */
export interface DocumentWarmupOptions extends StoredDocumentOptions {
  /** Where the bodies are converted; in place (yielding after each body) without one. */
  convert?: DocumentConversion;
  /** Told after each slice: how many of the missing documents are derived so far, of how many. */
  progress?: (derived: number, missing: number) => void;
}

/** The document of the body at `bodyAddress`: kept in memory, else stored, else derived and stored. */
export async function storedDocumentOf(
  services: Services,
  bodyAddress: string,
  options: StoredDocumentOptions = {},
): Promise<JSONDocument> {
  return (await storedDocumentsOf(services, [bodyAddress], options)).get(bodyAddress) as JSONDocument;
}

/** The documents of the bodies at `bodyAddresses`, by body address (rules 1 to 3). */
export async function storedDocumentsOf(
  services: Services,
  bodyAddresses: readonly string[],
  options: StoredDocumentOptions = {},
): Promise<Map<string, JSONDocument>> {
  const rules = options.rules ?? documentRulesKey();
  const documents = new Map<string, JSONDocument>();
  const unknown: string[] = [];
  for (const address of new Set(bodyAddresses)) {
    const kept = keptDocument(address, rules);
    if (kept) documents.set(address, kept);
    else unknown.push(address);
  }
  if (unknown.length === 0) return documents;
  const stored = await services.repos.contentObjects.getMany(
    unknown.map((address) => documentAddressOf(address, rules)),
  );
  const missing: string[] = [];
  for (const address of unknown) {
    const object = stored.get(documentAddressOf(address, rules));
    const document = object ? parsedDocument(object) : undefined;
    if (document) {
      keepDocument(address, rules, document);
      documents.set(address, document);
    } else missing.push(address);
  }
  if (missing.length > 0) {
    for (const [address, document] of await deriveDocuments(services, missing, rules, {
      ...options,
      keep: true,
    }))
      documents.set(address, document);
  }
  return documents;
}

/** Bodies converted between two turns of the event loop (a conversion takes milliseconds). */
const BODIES_BETWEEN_PAUSES = 20;

/**
 * Converts the bodies at `bodyAddresses` and stores their documents (those within the bound).
 * `keep`: the trees are also kept in memory (a reader's); a warm-up's are not, so that it
 * does not push out of memory what readers read.
 */
async function deriveDocuments(
  services: Services,
  bodyAddresses: readonly string[],
  rules: string,
  options: StoredDocumentOptions & { keep: boolean },
): Promise<Map<string, JSONDocument>> {
  const maxChars = options.maxStoredChars ?? MAX_STORED_DOCUMENT_CHARS;
  const documents = new Map<string, JSONDocument>();
  const derived = new Map<string, ContentObject>();
  let converted = 0;
  for (const [address, markdown] of await loadBodies(services, bodyAddresses)) {
    const tree = markdownToDocument(markdown);
    if (options.keep) {
      keepDocument(address, rules, tree);
      documents.set(address, tree);
    }
    const json = JSON.stringify(tree);
    if (json.length <= maxChars) derived.set(documentAddressOf(address, rules), { kind: 'document', json });
    // Let the requests being served go on between conversions: a warm-up's after each one (a
    // page of GitBook blocks takes 15 to 30 ms: twenty in a row held requests for 0.5 s).
    if (!options.keep || ++converted % BODIES_BETWEEN_PAUSES === 0) await nextEventLoopTurn();
  }
  if (derived.size > 0) await services.repos.contentObjects.putMany(derived);
  return documents;
}

/**
 * Derives and stores the documents of the bodies at `bodyAddresses` that have none stored yet
 * (the write path's warm-up: `revision-documents.ts`). Returns how many were derived.
 */
export async function deriveMissingDocuments(
  services: Services,
  bodyAddresses: readonly string[],
  options: DocumentWarmupOptions = {},
): Promise<number> {
  const rules = options.rules ?? documentRulesKey();
  const wanted = [...new Set(bodyAddresses)];
  const stored = await services.repos.contentObjects.getMany(
    wanted.map((address) => documentAddressOf(address, rules)),
  );
  const missing = wanted.filter((address) => {
    const object = stored.get(documentAddressOf(address, rules));
    return object?.kind !== 'document';
  });
  // In slices: a revision of thousands of new bodies is not held in memory all at once.
  for (let start = 0; start < missing.length; start += BODIES_BETWEEN_PAUSES) {
    const slice = missing.slice(start, start + BODIES_BETWEEN_PAUSES);
    if (options.convert)
      await convertElsewhere(services, slice, rules, options.convert, options.maxStoredChars);
    else await deriveDocuments(services, slice, rules, { ...options, keep: false });
    options.progress?.(Math.min(start + slice.length, missing.length), missing.length);
    await nextEventLoopTurn();
  }
  return missing.length;
}

/**
 * One slice of the warm-up converted by `convert` (the job threads): the bodies loaded, sent
 * in one task, their documents' JSON stored; the caller's event loop only loads and stores.
 */
async function convertElsewhere(
  services: Services,
  bodyAddresses: readonly string[],
  rules: string,
  convert: DocumentConversion,
  maxStoredChars = MAX_STORED_DOCUMENT_CHARS,
): Promise<void> {
  const bodies = [...(await loadBodies(services, bodyAddresses))];
  const texts = await convert(bodies.map(([, markdown]) => markdown));
  if (texts.length !== bodies.length) throw new Error('the conversion answered another number of documents');
  const derived = new Map<string, ContentObject>();
  bodies.forEach(([address], i) => {
    const json = texts[i] as string;
    if (json.length <= maxStoredChars)
      derived.set(documentAddressOf(address, rules), { kind: 'document', json });
  });
  if (derived.size > 0) await services.repos.contentObjects.putMany(derived);
}
/** The tree of a stored document record; undefined for anything else (read as a miss). */
export function parsedDocument(object: ContentObject): JSONDocument | undefined {
  if (object.kind !== 'document' || typeof (object as DocumentObject).json !== 'string') return undefined;
  try {
    const tree = JSON.parse((object as DocumentObject).json) as JSONDocument;
    return tree !== null && typeof tree === 'object' && tree.object === 'document' ? tree : undefined;
  } catch {
    return undefined;
  }
}
