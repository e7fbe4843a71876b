/**
 * Others' edits and presence, once a frame (issue 33). A shared page's provider, given the
 * server's messages by hand (no socket): once synced, edits arriving together wait for the
 * next frame and come in as ONE Yjs transaction, so ONE ProseMirror transaction in an editor
 * on the document; none is lost or applied out of order, a message of another kind applies
 * them first, and a hidden tab (no frames) and leaving still apply them. The caret extension
 * sees only this editor's presence (others' carets are drawn by `remote-carets.ts`), whose
 * fields go out once a frame. Counts, no times.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import Collaboration from '@tiptap/extension-collaboration';
import { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { browserFrameClock } from '../src/editor/collaboration/frame-clock';
import { incomingMessageKindOf } from '../src/editor/collaboration/incoming-message-kind';
import { ownPresencePerFrame } from '../src/editor/collaboration/own-presence-per-frame';
import { applyRemoteUpdatesPerFrame } from '../src/editor/collaboration/remote-updates-per-frame';
import { sharedPageExtensions } from '../src/editor/extensions';
import { takeShownSelection } from '../src/editor/shown-selection';
import { manualFrames } from './support/manual-frames';

const NAME = 'space/live/page';

/** lib0's encoding, as the server frames its messages: varUint, varString, varUint8Array. */
const varUint = (value: number): number[] => {
  const bytes: number[] = [];
  while (value >= 0x80) {
    bytes.push((value & 0x7f) | 0x80);
    value = Math.floor(value / 128);
  }
  bytes.push(value);
  return bytes;
};
const varBytes = (bytes: Uint8Array) => [...varUint(bytes.length), ...bytes];
const framed = (...parts: number[][]) => {
  const name = new TextEncoder().encode(NAME);
  return { data: new Uint8Array([...varBytes(name), ...parts.flat()]).buffer } as MessageEvent;
};
/** Sync (0): step 2 (1) or update (2), carrying a Yjs update. */
const syncStep2 = (update: Uint8Array) => framed(varUint(0), varUint(1), varBytes(update));
const updateMessage = (update: Uint8Array) => framed(varUint(0), varUint(2), varBytes(update));
/** SyncStatus (8): the server's acknowledgement of one of this editor's edits. */
const acknowledgement = () => framed(varUint(8), varUint(1));

const opened: Array<{ destroy: () => void }> = [];
afterEach(() => {
  for (const each of opened.splice(0).reverse()) each.destroy();
  vi.unstubAllGlobals();
});

/** A provider on `doc`, never connected: the test gives it the server's messages. */
function providerOf(doc: Y.Doc) {
  const websocketProvider = new HocuspocusProviderWebsocket({ url: 'ws://127.0.0.1:9', autoConnect: false });
  const provider = new HocuspocusProvider({ websocketProvider, name: NAME, document: doc });
  opened.push(websocketProvider, provider);
  return provider;
}

/** A remote person's document, with one paragraph, and each of its edits as a message. */
function remotePerson() {
  const remote = new Y.Doc();
  const messages: MessageEvent[] = [];
  remote.on('update', (update: Uint8Array) => messages.push(updateMessage(update)));
  remote.transact(() => {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('Typed: ')]);
    remote.getXmlFragment('default').insert(0, [paragraph]);
  });
  const text = (remote.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
  return {
    remote,
    messages,
    type: (letters: string) => {
      for (const letter of letters) text.insert(text.length, letter);
    },
  };
}

const textOf = (doc: Y.Doc) => doc.getXmlFragment('default').toString();

describe("others' edits, once a frame", () => {
  it('are applied together at the next frame: one Yjs transaction, one ProseMirror transaction, in order, none lost', () => {
    const { remote, messages, type } = remotePerson();
    const doc = new Y.Doc();
    const provider = providerOf(doc);
    const frames = manualFrames();
    applyRemoteUpdatesPerFrame(provider, frames.clock);
    const editor = new Editor({
      element: document.createElement('div'),
      extensions: [...sharedPageExtensions, Collaboration.configure({ document: doc })],
    });
    opened.push(editor);

    provider.onMessage(syncStep2(Y.encodeStateAsUpdate(remote)));
    expect(provider.isSynced).toBe(true);
    expect(editor.getText()).toBe('Typed: ');
    messages.splice(0);

    const transactions = { yjs: 0, prosemirror: 0 };
    doc.on('afterTransaction', (transaction: Y.Transaction) => {
      if (transaction.origin === provider) transactions.yjs += 1;
    });
    editor.on('transaction', ({ transaction }) => {
      if (transaction.docChanged) transactions.prosemirror += 1;
    });
    const applied: MessageEvent[] = [];
    provider.on('message', ({ event }: { event: MessageEvent }) => applied.push(event));

    type('abcdefghij');
    expect(messages).toHaveLength(10);
    for (const message of messages) provider.onMessage(message);
    expect(editor.getText()).toBe('Typed: ');
    expect(frames.waiting()).toBe(1);

    frames.frame();
    expect(textOf(doc)).toBe(textOf(remote));
    expect(editor.getText()).toBe('Typed: abcdefghij');
    expect(applied).toEqual(messages);
    expect(transactions).toEqual({ yjs: 1, prosemirror: 1 });
    expect(doc.store.pendingStructs).toBeNull();
  });

  it('are applied before a message of another kind, in the order they came', () => {
    const { remote, messages, type } = remotePerson();
    const doc = new Y.Doc();
    const provider = providerOf(doc);
    const frames = manualFrames();
    applyRemoteUpdatesPerFrame(provider, frames.clock);
    provider.onMessage(syncStep2(Y.encodeStateAsUpdate(remote)));
    messages.splice(0);
    const applied: MessageEvent[] = [];
    provider.on('message', ({ event }: { event: MessageEvent }) => applied.push(event));

    type('xyz');
    const ack = acknowledgement();
    for (const message of [...messages, ack]) provider.onMessage(message);
    expect(applied).toEqual([...messages, ack]);
    expect(textOf(doc)).toBe(textOf(remote));
    expect(frames.waiting()).toBe(0);
  });

  it("do not write over a click the browser has not yet told the editor of: the editor takes the page's selection first", () => {
    const { remote, messages, type } = remotePerson();
    remote.transact(() => {
      const second = new Y.XmlElement('paragraph');
      second.insert(0, [new Y.XmlText('Mine.')]);
      remote.getXmlFragment('default').insert(1, [second]);
    });
    const doc = new Y.Doc();
    const provider = providerOf(doc);
    const frames = manualFrames();
    const element = document.createElement('div');
    document.body.append(element);
    const editor = new Editor({
      element,
      extensions: [...sharedPageExtensions, Collaboration.configure({ document: doc })],
    });
    opened.push(editor, { destroy: () => element.remove() });
    applyRemoteUpdatesPerFrame(provider, frames.clock, () => takeShownSelection(editor.view));
    provider.onMessage(syncStep2(Y.encodeStateAsUpdate(remote)));
    messages.splice(0);
    // jsdom gives a contenteditable no focus: this editor has it, as the person clicking's does.
    editor.view.hasFocus = () => true;
    editor.commands.setTextSelection(1);

    // The person clicks at the end of "Mine." (the page's caret moves; no `selectionchange` yet),
    // and others' letters arrive in the first paragraph before it does.
    const mine = editor.view.dom.querySelectorAll('p')[1]!.firstChild!;
    document.getSelection()!.collapse(mine, 'Mine.'.length);
    type('abc');
    for (const message of messages) provider.onMessage(message);
    frames.frame();

    expect(editor.getText({ blockSeparator: '|' })).toBe('Typed: abc|Mine.');
    // "Typed: abc" is 10 characters (1-11), "Mine." opens at 12: its end is 18.
    expect(editor.state.selection.head).toBe(18);
    const shown = document.getSelection()!;
    expect([shown.focusNode?.textContent, shown.focusOffset]).toEqual(['Mine.', 5]);
  });

  it('are applied as they come before the first sync, and at once when the tab is hidden or the page left', () => {
    const { remote, messages, type } = remotePerson();
    const doc = new Y.Doc();
    const provider = providerOf(doc);
    const frames = manualFrames();
    applyRemoteUpdatesPerFrame(provider, frames.clock);

    // Not synced yet: nothing is held.
    provider.onMessage(messages.shift()!);
    expect(textOf(doc)).toBe(textOf(remote));
    provider.onMessage(syncStep2(Y.encodeStateAsUpdate(remote)));

    type('hid');
    for (const message of messages.splice(0)) provider.onMessage(message);
    expect(textOf(doc)).not.toBe(textOf(remote));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(textOf(doc)).toBe(textOf(remote));
    vi.restoreAllMocks();

    type('left');
    for (const message of messages.splice(0)) provider.onMessage(message);
    expect(textOf(doc)).not.toBe(textOf(remote));
    provider.destroy();
    expect(textOf(doc)).toBe(textOf(remote));
  });

  it('are applied in a hidden tab, where no frame ever comes', async () => {
    const requestAnimationFrame = vi.fn(() => 1);
    vi.stubGlobal('requestAnimationFrame', requestAnimationFrame);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { remote, messages, type } = remotePerson();
    const doc = new Y.Doc();
    const provider = providerOf(doc);
    applyRemoteUpdatesPerFrame(provider, browserFrameClock);
    provider.onMessage(syncStep2(Y.encodeStateAsUpdate(remote)));
    messages.splice(0);

    type('unseen');
    for (const message of messages) provider.onMessage(message);
    await vi.waitFor(() => expect(textOf(doc)).toBe(textOf(remote)));
    expect(requestAnimationFrame).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('tells edits from presence and everything else by their first bytes', () => {
    expect(incomingMessageKindOf(updateMessage(new Uint8Array([0, 0])).data)).toBe('update');
    expect(incomingMessageKindOf(syncStep2(new Uint8Array([0, 0])).data)).toBe('other');
    expect(incomingMessageKindOf(framed(varUint(1), varBytes(new Uint8Array([0]))).data)).toBe('awareness');
    expect(incomingMessageKindOf(acknowledgement().data)).toBe('other');
    expect(incomingMessageKindOf(new Uint8Array([200]))).toBe('other');
  });
});

describe('presence as the caret extension sees it', () => {
  it("holds this editor's own state alone, and never calls a listener: the extension draws no one", () => {
    const doc = new Y.Doc();
    const provider = providerOf(doc);
    const awareness = provider.awareness!;
    const frames = manualFrames();
    const presence = ownPresencePerFrame(awareness, frames.clock);
    let heard = 0;
    presence.on('change', () => {
      heard += 1;
    });
    presence.on('update', () => {
      heard += 1;
    });

    presence.setLocalStateField('cursor', { anchor: 1, head: 1 });
    const others = [new Y.Doc(), new Y.Doc()].map((each) => {
      const other = new HocuspocusProvider({
        websocketProvider: new HocuspocusProviderWebsocket({ url: 'ws://127.0.0.1:9', autoConnect: false }),
        name: NAME,
        document: each,
      });
      opened.push(other);
      return other.awareness!;
    });
    for (let move = 0; move < 10; move += 1)
      for (const other of others) {
        other.setLocalStateField('cursor', { anchor: move, head: move });
        // What the provider does with a presence message: apply the other's state.
        awareness.states.set(other.clientID, other.getLocalState()!);
        awareness.emit('change', [{ added: [], updated: [other.clientID], removed: [] }, 'remote']);
        awareness.emit('update', [{ added: [], updated: [other.clientID], removed: [] }, 'remote']);
      }
    frames.frame();
    expect(heard).toBe(0);
    expect(awareness.getStates().size).toBe(3);
    // Its own caret, as set, before and after it went out.
    expect([...presence.getStates().keys()]).toEqual([awareness.clientID]);
    expect(presence.states.get(awareness.clientID)).toMatchObject({ cursor: { anchor: 1, head: 1 } });
    presence.setLocalStateField('cursor', { anchor: 2, head: 2 });
    expect(presence.getStates().get(awareness.clientID)).toMatchObject({ cursor: { anchor: 2, head: 2 } });
    // Left: no one at all.
    awareness.setLocalState(null);
    frames.frame();
    expect(presence.getStates().size).toBe(0);
  });
});

describe("this editor's own presence, once a frame", () => {
  it('sends the fields set between two frames as one state at the next, reads them back at once, and sends nothing once left', () => {
    const provider = providerOf(new Y.Doc());
    const awareness = provider.awareness!;
    const frames = manualFrames();
    const presence = ownPresencePerFrame(awareness, frames.clock);
    const sent: Array<Record<string, unknown>> = [];
    awareness.on('update', () => sent.push({ ...awareness.getLocalState() }));

    // A key moves the caret twice, and the name is set: nothing is sent within the key.
    presence.setLocalStateField('cursor', { anchor: 1, head: 1 });
    presence.setLocalStateField('user', { name: 'You' });
    presence.setLocalStateField('cursor', { anchor: 2, head: 2 });
    expect(sent).toEqual([]);
    expect(awareness.getLocalState()?.cursor).toBeUndefined();
    // The caret plugin compares with what it set: it reads its own fields back.
    expect(presence.getLocalState()).toMatchObject({ cursor: { anchor: 2, head: 2 }, user: { name: 'You' } });

    frames.frame();
    expect(sent).toEqual([{ cursor: { anchor: 2, head: 2 }, user: { name: 'You' } }]);
    frames.frame();
    expect(sent).toHaveLength(1);

    // A whole state set at once replaces what waits; a field set after leaving is not sent.
    presence.setLocalStateField('cursor', { anchor: 3, head: 3 });
    presence.setLocalState({ user: { name: 'You' } });
    frames.frame();
    expect(sent.at(-1)).toEqual({ user: { name: 'You' } });
    const before = sent.length;
    presence.setLocalStateField('cursor', { anchor: 4, head: 4 });
    awareness.setLocalState(null);
    frames.frame();
    expect(sent.length).toBe(before + 1);
    expect(awareness.getLocalState()).toBeNull();
  });
});
