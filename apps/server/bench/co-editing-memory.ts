/**
 * `node --expose-gc --import tsx bench/co-editing-memory.ts` (from apps/server): the heap a shared
 * document takes per Yjs item and per encoded byte (`src/collaboration/co-editing-memory.ts`
 * rounds these up). Two updates applied to a fresh document each, the heap measured around
 * (after full collections): 50,000 empty paragraphs (each item a Yjs type), 200,000 one-letter
 * items that cannot merge (each typed before the last, right to left), and 4,000,000 characters
 * of text in one item. Then the server's
 * estimate of each (`heapEstimateOf`), which must not be below what was measured.
 */
import * as Y from 'yjs';
import { heapEstimateOf } from '../src/collaboration/co-editing-memory';

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with node --expose-gc');

function heapUsed(): number {
  collect!();
  collect!();
  return process.memoryUsage().heapUsed;
}

function paragraphWith(fill: (text: Y.XmlText) => void): Uint8Array {
  const source = new Y.Doc();
  const text = new Y.XmlText();
  source.getXmlFragment('default').insert(0, [text]);
  source.transact(() => fill(text));
  return Y.encodeStateAsUpdate(source);
}

const paragraphs = (count: number): Uint8Array => {
  const source = new Y.Doc();
  const fragment = source.getXmlFragment('default');
  source.transact(() => {
    for (let i = 0; i < count; i++) fragment.insert(0, [new Y.XmlElement('paragraph')]);
  });
  return Y.encodeStateAsUpdate(source);
};

const cases: [string, Uint8Array][] = [
  ['50,000 empty paragraphs', paragraphs(50_000)],
  [
    '200,000 one-letter items',
    paragraphWith((text) => {
      for (let i = 0; i < 200_000; i++) text.insert(0, 'x');
    }),
  ],
  ['4,000,000 letters of text', paragraphWith((text) => text.insert(0, 'abcdefghij'.repeat(400_000)))],
];
const kept: Y.Doc[] = [];
for (const [name, update] of cases) {
  const before = heapUsed();
  const doc = new Y.Doc();
  Y.applyUpdate(doc, update);
  kept.push(doc);
  const heap = heapUsed() - before;
  let items = 0;
  for (const structs of doc.store.clients.values()) items += structs.length;
  const estimate = heapEstimateOf(items, update.byteLength);
  console.log(
    `${name}: ${update.byteLength} bytes encoded, ${items} items, heap ${(heap / 1e6).toFixed(1)} MB ` +
      `(${(heap / items).toFixed(0)} per item, ${(heap / update.byteLength).toFixed(2)} per encoded byte); ` +
      `estimated ${(estimate / 1e6).toFixed(1)} MB`,
  );
}
