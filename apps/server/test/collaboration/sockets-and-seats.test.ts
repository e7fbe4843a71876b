/**
 * Who gets a socket and a seat (`socket-gate.ts`, `seat-caps.ts`, Hocuspocus's queue before
 * authentication), through real WebSockets: sockets are capped per remote address and per
 * second, an unauthenticated socket buffers little and is closed when it does not join in time,
 * and one person's sockets can never use up a global cap: documents per socket and per person,
 * connections per person to one page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { concat, varBytes, varUint } from '../../src/collaboration/wire';
import { startTestServer, type TestServer } from '../support/test-server';
import { FileEditors, openSocket, pageWithPeople, socketUrl } from './editors';

const LIMITS = {
  QUIRE_COLLAB_MAX_SOCKETS_PER_ADDRESS: '8',
  QUIRE_COLLAB_AUTH_DEADLINE_MS: '1500',
  QUIRE_COLLAB_MAX_DOCUMENTS_PER_CONNECTION: '2',
  QUIRE_COLLAB_MAX_DOCUMENTS_PER_USER: '3',
  QUIRE_COLLAB_MAX_CONNECTIONS_PER_USER: '2',
};
let server: TestServer;
const editors = new FileEditors();
beforeAll(async () => {
  Object.assign(process.env, LIMITS);
  // The test's own address is a trusted proxy: a socket's address is the one it forwards, if any.
  server = await startTestServer({ QUIRE_TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  editors.destroy();
  await server.close();
  for (const name of Object.keys(LIMITS)) delete process.env[name];
});

/** A raw socket: resolves once open, or with the HTTP status its upgrade was refused with. */
function rawSocket(on: TestServer, forwardedFor?: string): Promise<{ socket?: WebSocket; refused?: number }> {
  return new Promise((resolve) => {
    const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
    const socket = new WebSocket(socketUrl(on), { headers });
    socket.on('open', () => resolve({ socket }));
    socket.on('unexpected-response', (_request, response) => resolve({ refused: response.statusCode }));
    socket.on('error', () => {});
  });
}

const closeOf = (socket: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );

describe('sockets and seats', () => {
  it('closes an unauthenticated socket that buffers more than 64 KiB, or does not join in time', async () => {
    const flooding = (await rawSocket(server)).socket!;
    const flooded = closeOf(flooding);
    // Sync messages for a document, without authenticating: queued by Hocuspocus until then.
    const message = concat([
      varBytes(new TextEncoder().encode('some/live/page')),
      Uint8Array.from(varUint(0)),
      Uint8Array.from(varUint(0)),
      varBytes(new Uint8Array(40_000)),
    ]);
    flooding.send(message);
    flooding.send(message);
    expect((await flooded).code).not.toBe(1008);

    const idle = (await rawSocket(server)).socket!;
    expect(await closeOf(idle)).toEqual({ code: 1008, reason: 'not authenticated in time' });
  });

  it('caps the sockets open from one address', async () => {
    const sockets = await Promise.all(Array.from({ length: 8 }, () => rawSocket(server)));
    expect(sockets.every((socket) => socket.socket)).toBe(true);
    expect(await rawSocket(server)).toEqual({ refused: 429 });
    for (const { socket } of sockets) socket!.close();
    await Promise.all(sockets.map(({ socket }) => closeOf(socket!)));
  });

  it('counts the client a trusted proxy forwards, not the proxy', async () => {
    const sockets = await Promise.all(Array.from({ length: 8 }, () => rawSocket(server, '203.0.113.1')));
    expect(sockets.every((socket) => socket.socket)).toBe(true);
    expect(await rawSocket(server, '203.0.113.1')).toEqual({ refused: 429 });
    // Another client behind the same proxy still gets in.
    const other = await rawSocket(server, '203.0.113.2');
    expect(other.socket).toBeDefined();
    for (const { socket } of [...sockets, other]) socket!.close();
    await Promise.all([...sockets, other].map(({ socket }) => closeOf(socket!)));
  });

  it('caps the sockets one address opens per second', async () => {
    process.env.QUIRE_COLLAB_MAX_UPGRADES_PER_SECOND = '3';
    const limited = await startTestServer();
    delete process.env.QUIRE_COLLAB_MAX_UPGRADES_PER_SECOND;
    try {
      const sockets = await Promise.all(Array.from({ length: 8 }, () => rawSocket(limited)));
      expect(sockets.filter((socket) => socket.refused === 429).length).toBeGreaterThan(0);
      for (const { socket } of sockets) socket?.terminate();
    } finally {
      await limited.close();
    }
  });

  it("one person's sockets cannot use a global cap up: documents per socket and per person, connections per page", async () => {
    const s = await pageWithPeople(server, 4);
    const [first, second, third, fourth] = s.names as [string, string, string, string];
    // One socket: two documents, not a third.
    const socket = openSocket(server);
    const onFirst = editors.join(server, s.reader.token, first, socket);
    const onSecond = editors.join(server, s.reader.token, second, socket);
    expect(await onFirst.admitted).toBe('readonly');
    expect(await onSecond.admitted).toBe('readonly');
    await expect(editors.join(server, s.reader.token, third, socket).admitted).rejects.toThrow(
      'too_many_documents',
    );

    // The same person on another socket: a third document, not a fourth.
    expect(await editors.join(server, s.reader.token, third).admitted).toBe('readonly');
    await expect(editors.join(server, s.reader.token, fourth).admitted).rejects.toThrow('too_many_documents');
    // Two connections of theirs to one page, not a third.
    await expect(editors.join(server, s.reader.token, first).admitted).resolves.toBe('readonly');
    await expect(editors.join(server, s.reader.token, first).admitted).rejects.toThrow(
      'too_many_connections',
    );

    // Someone else still gets in, to the same pages and another.
    expect(await editors.join(server, s.writer.token, first).admitted).toBe('read-write');
    expect(await editors.join(server, s.writer.token, fourth).admitted).toBe('read-write');

    // A seat is given back when its connection goes.
    onSecond.provider.destroy();
    await expect(editors.join(server, s.reader.token, fourth).admitted).resolves.toBe('readonly');
  });
});
