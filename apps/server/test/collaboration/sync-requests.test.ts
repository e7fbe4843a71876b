/**
 * Requests for a page's state (sync step 1) and a client that does not read (`sync-requests.ts`,
 * `QUIRE_COLLAB_MAX_UNREAD_BYTES`), through real WebSockets: each is answered with what the
 * sender lacks, up to the whole page, encoded anew. A reader sending hundreds (a few dozen bytes
 * each) held the server's event loop for seconds and, reading none of the answers, had hundreds
 * of megabytes queued on its socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { concat, varBytes, varUint } from '../../src/collaboration/wire';
import { startTestServer, type TestServer } from '../support/test-server';
import { FileEditors, pageWithPeople, servedDocument, socketUrl, until } from './editors';

const SETTINGS = {
  // Room for the many answers of the first test: the bytes per window are what stops them.
  QUIRE_COLLAB_MAX_BYTES: String(64 * 1024 * 1024),
  QUIRE_COLLAB_MAX_UNREAD_BYTES: String(1024 * 1024),
};
let server: TestServer;
const editors = new FileEditors();
const sockets: WebSocket[] = [];
beforeAll(async () => {
  Object.assign(process.env, SETTINGS);
  server = await startTestServer();
});
afterAll(async () => {
  editors.destroy();
  for (const socket of sockets) socket.terminate();
  await server.close();
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
});

const utf8 = new TextEncoder();
const served = (name: string) => servedDocument(server, name)!;

/** A page of `paragraphs` paragraphs of 400 characters, typed by its writer (who stays). */
async function pageOf(paragraphs: number) {
  const s = await pageWithPeople(server);
  const writer = await editors.joined(server, s.writer.token, s.name);
  for (let done = 0; done < paragraphs; done += 1000) {
    writer.doc.transact(() => {
      const fragment = writer.doc.getXmlFragment('default');
      const added = Array.from({ length: Math.min(1000, paragraphs - done) }, (_, index) => {
        const paragraph = new Y.XmlElement('paragraph');
        paragraph.insert(0, [new Y.XmlText(`${'x'.repeat(400)} ${done + index}`)]);
        return paragraph;
      });
      fragment.insert(fragment.length, added);
    });
  }
  await until(served(s.name), () => served(s.name).getXmlFragment('default').length === paragraphs);
  return s;
}

/** A socket of its own making, admitted to `name` with `token` (as a provider authenticates). */
async function rawSocket(name: string, token: string) {
  const socket = new WebSocket(socketUrl(server));
  sockets.push(socket);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  let received = 0;
  socket.on('message', () => received++);
  await new Promise((resolve) => socket.once('open', resolve));
  const address = varBytes(utf8.encode(name));
  socket.send(
    concat([address, Uint8Array.from([...varUint(2), ...varUint(0)]), varBytes(utf8.encode(token))]),
  );
  for (let wait = 0; wait < 100 && served(name).getConnectionsCount() < 2; wait++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const requestAll = concat([address, Uint8Array.from([0, 0]), varBytes(Y.encodeStateVector(new Y.Doc()))]);
  return { socket, closed, received: () => received, requestAll: () => socket.send(requestAll) };
}

const settled = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);

describe("requests for a page's state", () => {
  it('answers the one a provider makes as it joins; a reader asking again and again is closed', async () => {
    const s = await pageOf(1500);
    const reader = await rawSocket(s.name, s.reader.token);
    expect(served(s.name).getConnectionsCount()).toBe(2);
    // One after the other, each answer read before the next request.
    let open = true;
    void reader.closed.then(() => {
      open = false;
    });
    let requests = 0;
    for (; requests < 300 && open; requests++) {
      const answered = reader.received();
      reader.requestAll();
      for (let wait = 0; wait < 250 && open && reader.received() === answered; wait++)
        await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(await settled(reader.closed, 1000)).toEqual({
      code: 1008,
      reason: 'too many requests for the document',
    });
    // The page's size (600 KB) counts against the socket's bytes per window (64 MiB here).
    expect(requests).toBeLessThan(150);
    expect(served(s.name).getConnectionsCount()).toBe(1);
  });

  it('drops a socket that does not read what it is sent', async () => {
    const s = await pageOf(3000);
    const reader = await rawSocket(s.name, s.reader.token);
    // It stops reading: what the server sends it stays queued on the server.
    (reader.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    for (let request = 0; request < 20; request++) {
      reader.requestAll();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (let wait = 0; wait < 100 && served(s.name).getConnectionsCount() > 1; wait++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(served(s.name).getConnectionsCount()).toBe(1);
  });
});
