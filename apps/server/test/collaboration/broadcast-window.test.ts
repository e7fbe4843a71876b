/**
 * The broadcast window (`QUIRE_COLLAB_BROADCAST_MS`, Hocuspocus's `flushDelay`), through real
 * WebSockets: the edits that reach the server within one window go out to each person as one
 * merged update, not one message per edit (with 50 people typing, one message per edit to
 * every person was the server's largest cost), and nothing is lost by the merge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { MessageKind, readMessageHead } from '../../src/collaboration/message-head';
import { startTestServer, type TestServer } from '../support/test-server';
import { type Editor, FileEditors, pageWithPeople, until } from './editors';

// Long enough that the edits below, sent a few ms apart, fall in one or two windows even on a
// loaded machine; without a window each would go out on its own.
const WINDOW_MS = 250;
let server: TestServer;
const editors = new FileEditors();
beforeAll(async () => {
  process.env.QUIRE_COLLAB_BROADCAST_MS = String(WINDOW_MS);
  server = await startTestServer();
});
afterAll(async () => {
  editors.destroy();
  await server.close();
  delete process.env.QUIRE_COLLAB_BROADCAST_MS;
});

const joined = (token: string, name: string) => editors.join(server, token, name);
const firstText = (doc: Y.Doc) => (doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the broadcast window', () => {
  it('sends the edits of one window to each person as one merged update, every edit in it', async () => {
    const s = await pageWithPeople(server);
    const admin = joined(s.org.admin.token, s.name);
    const writer = joined(s.writer.token, s.name);
    const reader = joined(s.reader.token, s.name);
    await Promise.all([admin.synced, writer.synced, reader.synced]);
    // A paragraph to type into, as TipTap writes one.
    admin.doc.transact(() => {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText('')]);
      admin.doc.getXmlFragment('default').insert(0, [paragraph]);
    });
    const hasParagraph = (editor: Editor) => () => editor.doc.getXmlFragment('default').length > 0;
    await Promise.all([until(writer.doc, hasParagraph(writer)), until(reader.doc, hasParagraph(reader))]);

    // What the reader's socket receives from here on, by kind.
    const updates: number[] = [];
    const socket = reader.provider.configuration.websocketProvider.webSocket!;
    socket.addEventListener('message', (event: MessageEvent) => {
      const head = readMessageHead(new Uint8Array(event.data as ArrayBuffer));
      if (head?.type === MessageKind.sync && head.update) updates.push(head.update.length);
    });
    const started = performance.now();
    for (let index = 0; index < 10; index++) {
      const editor = index % 2 === 0 ? admin : writer;
      firstText(editor.doc).insert(0, String(index));
      await pause(3);
    }
    const spanMs = performance.now() - started;
    const typed = '9876543210'.split('');
    await until(reader.doc, () => typed.every((digit) => firstText(reader.doc).toString().includes(digit)));
    // Ten edits from two people, a few ms apart: one update per window they spanned.
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(spanMs / WINDOW_MS) + 1);
    expect(updates.length).toBeLessThan(10);
    expect(firstText(reader.doc).toString()).toBe(firstText(admin.doc).toString());
    expect(firstText(writer.doc).toString()).toBe(firstText(admin.doc).toString());
  });
});
