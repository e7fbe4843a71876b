/**
 * Stored documents (issue 28, item 3's target): a body's document tree derived once, stored
 * under the body's address and the rules' key, read afterwards without the body; the same
 * tree as the conversion; healed on a miss; never another body's or another rules' tree.
 */
import { readFileSync } from 'node:fs';
import { markdownToDocument } from '@quire/documents';
import { beforeEach, describe, expect, it } from 'vitest';
import { addressOf } from '../../src/content/revisions/content-address';
import { forgetKeptDocuments } from '../../src/content/revisions/document-of-body';
import { documentRulesKey, RULES_PROBE } from '../../src/content/revisions/document-rules';
import type { BodyObject, ContentObject, DocumentObject } from '../../src/content/revisions/records';
import {
  deriveMissingDocuments,
  documentAddressOf,
  storedDocumentOf,
  storedDocumentsOf,
} from '../../src/content/revisions/stored-documents';
import type { DomainServices } from '../../src/core/context';

/** A content-object store in memory that records the addresses read. */
function memoryObjects() {
  const objects = new Map<string, ContentObject>();
  const reads: string[] = [];
  const contentObjects = {
    async putMany(put: ReadonlyMap<string, ContentObject>) {
      for (const [address, object] of put) if (!objects.has(address)) objects.set(address, object);
    },
    async getMany(addresses: readonly string[]) {
      reads.push(...addresses);
      return new Map(
        addresses.flatMap((a) => (objects.has(a) ? [[a, objects.get(a) as ContentObject]] : [])),
      );
    },
  };
  const services = { repos: { contentObjects } } as unknown as Pick<DomainServices, 'repos'>;
  return { objects, reads, services };
}

function storeBody(objects: Map<string, ContentObject>, markdown: string): string {
  const body: BodyObject = { kind: 'body', markdown };
  const address = addressOf(body);
  objects.set(address, body);
  return address;
}

/** One markdown per block type (the rules' probe, block by block), and the documents package's corpus. */
const FIXTURES: string[] = [
  ...RULES_PROBE.split('\n\n').filter((block) => !block.startsWith('[^1]')),
  'A note[^1].\n\n[^1]: The note.',
  readFileSync(new URL('../../../documents/test/fixtures/corpus.md', import.meta.url), 'utf8'),
  '',
];

beforeEach(() => forgetKeptDocuments());

describe('storedDocumentsOf', () => {
  it('answers the conversion of every block type, stored once and then read without the body', async () => {
    const { objects, reads, services } = memoryObjects();
    const addresses = FIXTURES.map((markdown) => storeBody(objects, markdown));

    const first = await storedDocumentsOf(services, addresses);
    for (const [n, markdown] of FIXTURES.entries())
      expect(first.get(addresses[n] as string), markdown).toEqual(markdownToDocument(markdown));

    // As a process that never read them: the stored records alone, no body.
    forgetKeptDocuments();
    reads.length = 0;
    const second = await storedDocumentsOf(services, addresses);
    for (const [n, markdown] of FIXTURES.entries())
      expect(second.get(addresses[n] as string), markdown).toEqual(markdownToDocument(markdown));
    expect(new Set(reads)).toEqual(new Set(addresses.map((address) => documentAddressOf(address))));
    // And, kept in memory now, nothing at all.
    reads.length = 0;
    await storedDocumentsOf(services, addresses);
    expect(reads).toEqual([]);
  });

  it('gives a rewritten body its own document; the old one stays the old text', async () => {
    const { objects, services } = memoryObjects();
    const before = storeBody(objects, '# Install\n\nRun it.\n');
    const after = storeBody(objects, '# Install\n\nRun it twice.\n');
    expect(after).not.toBe(before);
    const documents = await storedDocumentsOf(services, [before, after]);
    expect(documents.get(after)).toEqual(markdownToDocument('# Install\n\nRun it twice.\n'));
    expect(documents.get(before)).toEqual(markdownToDocument('# Install\n\nRun it.\n'));
    expect(objects.has(documentAddressOf(before))).toBe(true);
    expect(objects.has(documentAddressOf(after))).toBe(true);
    expect(documentAddressOf(after)).not.toBe(documentAddressOf(before));
  });

  it('heals a crash between the body and its document: a missing record is derived on read and stored', async () => {
    const { objects, services } = memoryObjects();
    const markdown = '{% hint style="info" %}\nA hint.\n{% endhint %}\n';
    const body = storeBody(objects, markdown);
    await deriveMissingDocuments(services, [body]);
    expect(objects.get(documentAddressOf(body))?.kind).toBe('document');

    // The crash: the body was written, its document not.
    objects.delete(documentAddressOf(body));
    expect(await storedDocumentOf(services, body)).toEqual(markdownToDocument(markdown));
    const healed = objects.get(documentAddressOf(body)) as DocumentObject;
    expect(JSON.parse(healed.json)).toEqual(markdownToDocument(markdown));
  });

  it('reads a document stored under the current rules, and converts anew under bumped ones', async () => {
    const { objects, services } = memoryObjects();
    const markdown = 'Text.\n';
    const body = storeBody(objects, markdown);
    // A tree no conversion makes, planted under rules "old": only the store can answer it.
    const planted = { object: 'document', data: {}, nodes: [] };
    objects.set(documentAddressOf(body, 'old'), { kind: 'document', json: JSON.stringify(planted) });

    expect(await storedDocumentOf(services, body, { rules: 'old' })).toEqual(planted);
    expect(await storedDocumentOf(services, body, { rules: 'new' })).toEqual(markdownToDocument(markdown));
    expect(JSON.parse((objects.get(documentAddressOf(body, 'new')) as DocumentObject).json)).toEqual(
      markdownToDocument(markdown),
    );
    // The current rules are a version and the fingerprint of the probe's conversion.
    expect(documentAddressOf(body)).toBe(`document${documentRulesKey()}:${body}`);
    expect(documentRulesKey()).toMatch(/^\d+\.[0-9a-f]{12}$/);
  });

  it('stores no document past the bound, and still answers it', async () => {
    const { objects, services } = memoryObjects();
    const markdown = 'A paragraph long enough.\n';
    const body = storeBody(objects, markdown);
    const json = JSON.stringify(markdownToDocument(markdown));
    expect(await storedDocumentOf(services, body, { maxStoredChars: json.length - 1 })).toEqual(
      markdownToDocument(markdown),
    );
    expect(objects.has(documentAddressOf(body))).toBe(false);
    await storedDocumentOf(services, storeBody(objects, 'Other.\n'), { maxStoredChars: 10_000 });
    expect([...objects.values()].filter((object) => object.kind === 'document')).toHaveLength(1);
  });

  it('reads a record at a document address that is no document as a miss', async () => {
    const { objects, services } = memoryObjects();
    const body = storeBody(objects, 'Text.\n');
    objects.set(documentAddressOf(body), { kind: 'document', json: '{"object":"block"' });
    expect(await storedDocumentOf(services, body)).toEqual(markdownToDocument('Text.\n'));
  });
});

describe('deriveMissingDocuments (the write path)', () => {
  it('derives only the bodies without a document, and keeps none of them in memory', async () => {
    const { objects, reads, services } = memoryObjects();
    const bodies = ['One.\n', 'Two.\n', 'Three.\n'].map((markdown) => storeBody(objects, markdown));
    expect(await deriveMissingDocuments(services, bodies.slice(0, 2))).toBe(2);
    expect(await deriveMissingDocuments(services, bodies)).toBe(1);
    expect(await deriveMissingDocuments(services, bodies)).toBe(0);
    reads.length = 0;
    expect(await storedDocumentOf(services, bodies[0] as string)).toEqual(markdownToDocument('One.\n'));
    // Read from the store, not from memory nor from the body.
    expect(reads).toEqual([documentAddressOf(bodies[0] as string)]);
  });
});
