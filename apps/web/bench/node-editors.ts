/**
 * The Node editors of `co-editing-keystrokes.ts`, in a process of their own (issue 33). They
 * stand in for people on machines of their own: on this machine their sockets and timers would
 * otherwise take the cores the page under test and the server need, which the people they
 * stand for never do. The bench starts this file with `fork` and lowers its priority
 * (`BENCH_NODE_EDITORS_NICE`), so they run on what the browser and the server leave free; their
 * timers then fall behind, and the bench reports the edits they actually sent.
 *
 * Messages from the bench: `{ type: 'start', ... }` (joins them all, answers `joined`), then
 * `{ type: 'count' }` (answers the edits sent so far and this process's CPU time), `{ type:
 * 'stop' }`.
 */

import { createRequire } from 'node:module';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { incomingMessageKindOf } from '../src/editor/collaboration/incoming-message-kind';

export interface NodeEditorsStart {
  type: 'start';
  url: string;
  token: string;
  /** The shared page's document name. */
  name: string;
  /** The paragraphs these editors type into, one each: [from, to). */
  from: number;
  to: number;
  /** Each editor types a character every `everyMs`. */
  everyMs: number;
  /** Each editor shows a caret, moved after each character (a presence message per edit). */
  carets: boolean;
  /** Apply everything the server sends (else, once synced, edits and presence are discarded). */
  full: boolean;
}

export type NodeEditorsMessage = NodeEditorsStart | { type: 'count' } | { type: 'stop' };
export type NodeEditorsReply =
  | { type: 'joined' }
  | { type: 'count'; sent: number; cpuMs: number }
  | { type: 'failed'; message: string };

// The server's WebSocket client (Node 20 has none).
const WebSocket = createRequire(new URL('../../server/package.json', import.meta.url))('ws');
const providers: HocuspocusProvider[] = [];
/** Passed in, so not destroyed with their providers: else they reconnect forever. */
const sockets: HocuspocusProviderWebsocket[] = [];
const timers: ReturnType<typeof setInterval>[] = [];
let sent = 0;

const reply = (message: NodeEditorsReply) => process.send!(message);

const join = (start: NodeEditorsStart, doc: Y.Doc) =>
  new Promise<HocuspocusProvider>((resolve) => {
    const websocketProvider = new HocuspocusProviderWebsocket({
      url: start.url,
      WebSocketPolyfill: WebSocket,
    });
    sockets.push(websocketProvider);
    const provider = new HocuspocusProvider({
      websocketProvider,
      name: start.name,
      document: doc,
      token: start.token,
      onSynced: () => resolve(provider),
    });
    if (!start.full) {
      // Light: once synced, edits and presence from the server are received and discarded:
      // applying everyone's edits is those people's machines' work.
      const apply = provider.onMessage.bind(provider);
      provider.onMessage = (event: MessageEvent) => {
        if (provider.isSynced && incomingMessageKindOf(event.data as ArrayBuffer) !== 'other') return;
        apply(event);
      };
    }
    provider.attach();
    providers.push(provider);
  });

async function start(options: NodeEditorsStart) {
  for (let index = options.from; index < options.to; index += 1) {
    const doc = new Y.Doc();
    const provider = await join(options, doc);
    const paragraph = doc.getXmlFragment('default').get(index) as Y.XmlElement;
    const text = paragraph.get(0) as Y.XmlText;
    // Where y-tiptap's caret plugin reads a caret: relative positions as JSON (the label's name
    // is the one the server knows, the colour this editor's).
    const showCaret = () => {
      const at = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, text.length));
      provider.setAwarenessField('cursor', { anchor: at, head: at });
    };
    if (options.carets) {
      provider.setAwarenessField('user', { name: `Person ${index + 1}`, color: '#2ca02c' });
      showCaret();
    }
    timers.push(
      setInterval(() => {
        text.insert(text.length, 'x');
        if (options.carets) showCaret();
        sent += 1;
      }, options.everyMs),
    );
  }
}

function stop() {
  for (const timer of timers) clearInterval(timer);
  for (const provider of providers) provider.destroy();
  for (const socket of sockets) socket.destroy();
  process.exit(0);
}

process.on('message', (message: NodeEditorsMessage) => {
  if (message.type === 'start')
    start(message).then(
      () => reply({ type: 'joined' }),
      (error: unknown) => reply({ type: 'failed', message: String(error) }),
    );
  else if (message.type === 'count') {
    const cpu = process.cpuUsage();
    reply({ type: 'count', sent, cpuMs: (cpu.user + cpu.system) / 1000 });
  } else stop();
});
// The bench gone (killed, crashed): nothing left to type for.
process.on('disconnect', stop);
