/**
 * Editors in Node for the co-editing tests: Hocuspocus providers over real WebSockets (an API
 * token as the provider's token), a page of a live space to meet on with a writer, a reader
 * and an outsider, and raw messages written as a client that does not follow the rules would.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { contentHashOf, stateOf } from '@quire/documents';
import { operations } from '@quire/domain';
import WebSocket from 'ws';
import { encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { collaborationOf } from '../../src/collaboration/register-collaboration';
import { concat, varBytes, varUint } from '../../src/collaboration/wire';
import { createSpace, grant } from '../support/content';
import { addMember, createOrganization } from '../support/factories';
import type { TestServer } from '../support/test-server';

export interface Editor {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Resolves with the scope once admitted, or rejects with the refusal's reason. */
  admitted: Promise<string>;
  synced: Promise<void>;
  /** Resolves with the close code and reason of its socket once the server closes it. */
  closed: Promise<{ code: number; reason: string }>;
}

export const socketUrl = (server: TestServer) => `${server.url.replace('http', 'ws')}/collaboration`;

export function openSocket(server: TestServer): HocuspocusProviderWebsocket {
  return new HocuspocusProviderWebsocket({
    url: socketUrl(server),
    WebSocketPolyfill: WebSocket,
    maxAttempts: 1,
  });
}

/** Joins `name` as the token's person, on a socket of its own or on `socket`. */
export function join(server: TestServer, token: string, name: string, socket = openSocket(server)): Editor {
  const doc = new Y.Doc();
  let admit: (scope: string) => void = () => {};
  let refuse: (reason: Error) => void = () => {};
  let synced: () => void = () => {};
  const admitted = new Promise<string>((resolve, reject) => {
    admit = resolve;
    refuse = reject;
  });
  admitted.catch(() => {});
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name,
    document: doc,
    token,
    onAuthenticated: ({ scope }) => admit(scope),
    onAuthenticationFailed: ({ reason }) => refuse(new Error(reason)),
    onSynced: () => synced(),
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    provider.on('close', ({ event }: { event: CloseEvent }) =>
      resolve({ code: event.code, reason: event.reason }),
    ),
  );
  provider.attach();
  return { doc, provider, admitted, synced: new Promise((resolve) => (synced = resolve)), closed };
}

/** The editors a test file opens, destroyed together after it (`destroy` in its `afterAll`). */
export class FileEditors {
  readonly #opened: Editor[] = [];

  /** `name` joined as the token's person (see `join`), kept to be destroyed with the others, not waited for. */
  join(...args: Parameters<typeof join>): Editor {
    const editor = join(...args);
    this.#opened.push(editor);
    return editor;
  }

  /** `editor`, kept to be destroyed with the others, once it has synced. */
  async synced(editor: Editor): Promise<Editor> {
    this.#opened.push(editor);
    await editor.synced;
    return editor;
  }

  /** `name` joined on `server` as the token's person, once synced. */
  joined(server: TestServer, token: string, name: string): Promise<Editor> {
    return this.synced(join(server, token, name));
  }

  destroy(): void {
    for (const editor of this.#opened.splice(0)) editor.provider.destroy();
  }
}

/** The server's copy of the page `name` (undefined once dropped). */
export const servedDocument = (server: TestServer, name: string) =>
  collaborationOf(server.app)!.hocuspocus.documents.get(name);

/** Resolves once `check` holds (checked now and after each `event` of `emitter`). */
export function until(
  emitter: {
    on(event: string, listener: () => void): unknown;
    off(event: string, listener: () => void): unknown;
  },
  check: () => boolean,
  event = 'update',
): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve();
    const look = () => {
      if (!check()) return;
      emitter.off(event, look);
      resolve();
    };
    emitter.on(event, look);
  });
}

/** A space with one page, a writer and a reader of it, and a member who cannot see it. */
export async function pageWithPeople(server: TestServer, pages = 1) {
  const org = await createOrganization(server);
  const space = await createSpace(server, org, { title: 'Handbook' });
  const names: string[] = [];
  for (let index = 0; index < pages; index++) {
    const added = await server.callOperation(operations.spaces.content.update, org.admin, {
      spaceId: space.id,
      changes: [{ operation: 'insert_page', title: `Page ${index}`, document: { markdown: 'First line.' } }],
    });
    names.push(`${space.id}/live/${(added.changes[0] as { page: { id: string } }).page.id}`);
  }
  const [writer, reader] = await Promise.all([
    addMember(server, org.organization.id, null, { displayName: 'Wren Writer' }),
    addMember(server, org.organization.id, null, { displayName: 'Rae Reader' }),
  ]);
  await grant(server, org, { kind: 'space', id: space.id }, { role: 'edit', users: [writer.user.id] });
  await grant(server, org, { kind: 'space', id: space.id }, { role: 'read', users: [reader.user.id] });
  return { org, spaceId: space.id, name: names[0]!, names, writer, reader };
}

/** A presence message for `name` setting `states` (by client id), at `clock`. */
export function presenceMessage(
  name: string,
  states: Map<number, Record<string, unknown>>,
  clock = 1,
): Uint8Array<ArrayBuffer> {
  const awareness = { meta: new Map([...states.keys()].map((id) => [id, { clock, lastUpdated: 0 }])) };
  const update = encodeAwarenessUpdate(awareness as never, [...states.keys()], states);
  return concat([varBytes(new TextEncoder().encode(name)), Uint8Array.from(varUint(1)), varBytes(update)]);
}

/** Sends raw bytes over an editor's socket, as a client of its own making would. */
export function sendRaw(editor: Editor, bytes: Uint8Array<ArrayBuffer>): void {
  const socket = editor.provider.configuration.websocketProvider.webSocket;
  if (!socket) throw new Error('not connected');
  socket.send(bytes);
}

/** Adds a paragraph the way TipTap's collaboration extension does, and reports the page's markdown. */
export function typeParagraph(doc: Y.Doc, text: string, markdown: string): void {
  doc.transact(() => {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(text)]);
    const fragment = doc.getXmlFragment('default');
    fragment.insert(fragment.length, [paragraph]);
  });
  stateOf(doc).set('report', { markdown, hash: contentHashOf(doc) });
}
