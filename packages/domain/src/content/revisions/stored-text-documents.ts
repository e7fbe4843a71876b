/**
 * The document trees of texts stored beside the content (comments, replies, reviews'
 * comments), for a list read with `format=document`. Converting markdown costs milliseconds
 * per kilobyte, and a text built to be slow that passed its write's budget still costs about
 * 0.3 s per 7 KB: converted one by one on the request thread, ten reviews held it 3.2 s.
 *
 * So, as a page body's (`stored-documents.ts`, whose rules 1, 3 and 4 hold here): a text's
 * document is kept in memory, else stored under `documentAddressOf` of the text's address,
 * else converted — every missing text of the list in one task of the markdown threads (the
 * `UntrustedMarkdown` port), never on the request thread — and stored. Texts written before
 * this (or never read as documents) are converted on their first such read; the write path
 * derives nothing, so a comment nobody reads as a document costs nothing.
 *
 * A text the threads refuse (one stored before any budget, past its budget now) shows as one
 * paragraph of its markdown, the way a document shows what it cannot hold; that is not its
 * conversion, so it is neither kept nor stored.
 */
import type { JSONDocument } from '@quire/documents';
import type { OperationContext } from '../../core/context';
import { addressOf } from './content-address';
import { keepDocument, keptDocument } from './document-of-body';
import { documentRulesKey } from './document-rules';
import type { ContentObject } from './records';
import { documentAddressOf, MAX_STORED_DOCUMENT_CHARS, parsedDocument } from './stored-documents';

/** The document of each of `texts` (by the text), converted off the request thread when missing. */
export async function storedTextDocuments(
  ctx: Pick<OperationContext, 'repos' | 'untrustedMarkdown'>,
  texts: readonly string[],
): Promise<(text: string) => JSONDocument> {
  const rules = documentRulesKey();
  const documents = new Map<string, JSONDocument>();
  const unknown = new Map<string, string>();
  for (const text of new Set(texts)) {
    const address = addressOf({ kind: 'body', markdown: text });
    const kept = keptDocument(address, rules);
    if (kept) documents.set(text, kept);
    else unknown.set(text, address);
  }
  if (unknown.size > 0) {
    const stored = await ctx.repos.contentObjects.getMany(
      [...unknown.values()].map((address) => documentAddressOf(address, rules)),
    );
    for (const [text, address] of unknown) {
      const object = stored.get(documentAddressOf(address, rules));
      const document = object ? parsedDocument(object) : undefined;
      if (!document) continue;
      keepDocument(address, rules, document);
      documents.set(text, document);
      unknown.delete(text);
    }
  }
  if (unknown.size > 0) await convertMissing(ctx, unknown, rules, documents);
  return (text) => documents.get(text) ?? refusedTextDocument(text);
}

/** Converts the texts of `missing` (text -> address) in one task, keeps and stores their documents. */
async function convertMissing(
  ctx: Pick<OperationContext, 'repos' | 'untrustedMarkdown'>,
  missing: ReadonlyMap<string, string>,
  rules: string,
  documents: Map<string, JSONDocument>,
): Promise<void> {
  const texts = [...missing.keys()];
  const converted = await ctx.untrustedMarkdown.documentsOf(texts);
  const derived = new Map<string, ContentObject>();
  texts.forEach((text, i) => {
    const json = converted[i];
    const address = missing.get(text) as string;
    if (typeof json !== 'string') return;
    const document = parsedDocument({ kind: 'document', json });
    if (!document) return;
    keepDocument(address, rules, document);
    documents.set(text, document);
    if (json.length <= MAX_STORED_DOCUMENT_CHARS)
      derived.set(documentAddressOf(address, rules), { kind: 'document', json });
  });
  if (derived.size > 0) await ctx.repos.contentObjects.putMany(derived);
}

/** One paragraph holding `text` as it is: what a reader gets of a text the threads refused. */
function refusedTextDocument(text: string): JSONDocument {
  return {
    object: 'document',
    data: {},
    nodes: [
      {
        object: 'block',
        type: 'paragraph',
        key: '0',
        data: {},
        nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
      },
    ],
  } as JSONDocument;
}
