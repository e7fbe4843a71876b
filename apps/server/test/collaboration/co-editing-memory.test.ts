/**
 * The memory of all shared documents together (twenty-first session): the document cap counts
 * encoded bytes, and an update of many small items takes many times its size in memory; with
 * many pages open nothing bounded the sum. `QUIRE_COLLAB_MAX_MEMORY_BYTES` does
 * (`co-editing-memory.ts`): an update that would take the server's estimate past it is refused
 * as one past the document cap is (the socket closed, 1008 `document too large`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collaborationOf } from '../../src/collaboration/register-collaboration';
import { startTestServer, type TestServer } from '../support/test-server';
import { type Editor, FileEditors, pageWithPeople, servedDocument, until } from './editors';

/** 1 MiB: one page of 1,000 paragraphs fits (about 0.7 MB as estimated), two do not. */
const MEMORY_BYTES = 1024 * 1024;
const PARAGRAPHS = 1000;

let server: TestServer;
const editors = new FileEditors();
beforeAll(async () => {
  process.env.QUIRE_COLLAB_MAX_MEMORY_BYTES = String(MEMORY_BYTES);
  server = await startTestServer();
});
afterAll(async () => {
  editors.destroy();
  await server.close();
  delete process.env.QUIRE_COLLAB_MAX_MEMORY_BYTES;
});

const joined = (token: string, name: string) => editors.joined(server, token, name);

/** Empty paragraphs, each one item (a Yjs type): the costliest in memory for its size. */
function addParagraphs(doc: Y.Doc): void {
  doc.transact(() => {
    const fragment = doc.getXmlFragment('default');
    for (let index = 0; index < PARAGRAPHS; index++) fragment.insert(0, [new Y.XmlElement('paragraph')]);
  });
}

const collaboration = () => collaborationOf(server.app)!;
const served = (name: string) => servedDocument(server, name);

/** Whether the update reached the server's copy, or the server closed the socket first. */
const outcomeOf = (editor: Editor, name: string) =>
  Promise.race([
    editor.closed.then((close) => close),
    until(served(name)!, () => served(name)!.getXmlFragment('default').length === PARAGRAPHS).then(
      () => 'applied' as const,
    ),
  ]);

describe('the memory of all shared documents', () => {
  it('refuses an update that would take the documents past the server’s memory, as past a document’s cap', async () => {
    const s = await pageWithPeople(server, 2);
    const [first, second] = s.names as [string, string];
    const onFirst = await joined(s.writer.token, first);
    const onSecond = await joined(s.writer.token, second);

    addParagraphs(onFirst.doc);
    expect(await outcomeOf(onFirst, first)).toBe('applied');
    // Far below the document cap (16 MiB encoded): only the memory of both refuses the second.
    expect(Y.encodeStateAsUpdate(served(first)!).byteLength).toBeLessThan(64 * 1024);
    addParagraphs(onSecond.doc);
    expect(await outcomeOf(onSecond, second)).toEqual({ code: 1008, reason: 'document too large' });
    expect(collaboration().memory.bytes).toBeLessThanOrEqual(MEMORY_BYTES);
    expect(served(first)!.getXmlFragment('default').length).toBe(PARAGRAPHS);

    // The first page dropped (its last editor left), its memory is free: the second page takes it.
    onFirst.provider.destroy();
    for (let turn = 0; turn < 200 && served(first); turn++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(served(first)).toBeUndefined();
    const again = await joined(s.writer.token, second);
    addParagraphs(again.doc);
    expect(await outcomeOf(again, second)).toBe('applied');
  });
});
