/**
 * Others' carets drawn over a shared page's editor (`remote-carets.ts`, issue 33): in a layer
 * beside the editor's own element, placed once a frame from each person's presence, never by a
 * ProseMirror transaction. jsdom lays nothing out, so the editor's `coordsAtPos` is given here:
 * a position's left edge is ten pixels a position, which is what the tests read back. A real
 * browser draws them in `e2e/co-editing.test.ts`.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ownPresencePerFrame } from '../src/editor/collaboration/own-presence-per-frame';
import {
  FULL_READ_EVERY_FRAMES,
  MAX_SELECTION_BLOCKS,
  RemoteCarets,
} from '../src/editor/collaboration/remote-carets';
import { manualFrames } from './support/manual-frames';
import { remoteParagraphs, sharedPageEditor } from './support/remote-paragraphs';

const opened: Array<{ destroy: () => void }> = [];
afterEach(() => {
  for (const each of opened.splice(0).reverse()) each.destroy();
  document.body.replaceChildren();
  delete (Range.prototype as Partial<Range>).getClientRects;
});

/** A presence of its own, as another person's provider has (never connected). */
function presenceOf(doc: Y.Doc) {
  const websocketProvider = new HocuspocusProviderWebsocket({ url: 'ws://127.0.0.1:9', autoConnect: false });
  const provider = new HocuspocusProvider({ websocketProvider, name: 'space/live/page', document: doc });
  opened.push(websocketProvider, provider);
  return provider.awareness!;
}

/** This person's editor on a copy of another person's paragraphs, with carets as the app has them. */
function sharedPage(paragraphs: string[]) {
  const remote = remoteParagraphs(paragraphs);
  const doc = new Y.Doc();
  const awareness = presenceOf(doc);
  const frames = manualFrames();
  const editor = sharedPageEditor(doc, [
    CollaborationCaret.configure({
      provider: { awareness: ownPresencePerFrame(awareness, frames.clock) },
      user: { name: 'You', color: '#2266aa' },
    }),
    RemoteCarets.configure({ awareness, clock: frames.clock }),
  ]);
  opened.push(editor);
  const placedAt: number[] = [];
  editor.view.coordsAtPos = (position: number) => {
    placedAt.push(position);
    return { left: position * 10, right: position * 10, top: 20, bottom: 38 };
  };
  const sync = () => Y.applyUpdate(doc, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(doc)), 'remote');
  sync();
  let transactions = 0;
  editor.on('transaction', () => {
    transactions += 1;
  });
  /** Someone else, at `offset` of paragraph `index` (to `to` for a selection), as their presence says. */
  const someone = (name: unknown, color: unknown, index: number, offset: number, to = offset) => {
    const other = new Y.Doc();
    const text = (remote.getXmlFragment('default').get(index) as Y.XmlElement).get(0) as Y.XmlText;
    const at = (at: number) => JSON.parse(JSON.stringify(Y.createRelativePositionFromTypeIndex(text, at)));
    awareness.states.set(other.clientID, {
      user: { name, color },
      cursor: { anchor: at(offset), head: at(to) },
    });
    awareness.emit('change', [{ added: [other.clientID], updated: [], removed: [] }, 'remote']);
    return other.clientID;
  };
  const layer = () => editor.view.dom.parentElement!.querySelector('.remote-carets') as HTMLElement;
  const carets = () =>
    [...layer().querySelectorAll('.remote-caret')].map((caret) => ({
      name: caret.querySelector('.remote-caret-label')!.textContent,
      transform: (caret as HTMLElement).style.transform,
      colour: (caret as HTMLElement).style.borderColor,
    }));
  return {
    remote,
    editor,
    awareness,
    frames,
    sync,
    layer,
    carets,
    someone,
    placedAt,
    transactions: () => transactions,
  };
}

describe("others' carets on a shared page", () => {
  it('are drawn over the editor, not in it, once a frame, and with no ProseMirror transaction', () => {
    const page = sharedPage(['First one.', 'Second one.']);
    page.frames.frame();
    const before = page.transactions();
    page.someone('Ada Lovelace', '#d62728', 0, 5);
    page.someone('Grace Hopper', '#2ca02c', 1, 0);
    expect(page.carets()).toEqual([]);
    page.frames.frame();

    // Paragraph 0's text starts at 1, paragraph 1's at 13.
    expect(page.carets()).toEqual([
      { name: 'Ada Lovelace', transform: 'translate(60px, 20px)', colour: 'rgb(214, 39, 40)' },
      { name: 'Grace Hopper', transform: 'translate(130px, 20px)', colour: 'rgb(44, 160, 44)' },
    ]);
    expect(page.editor.view.dom.querySelector('.remote-caret')).toBeNull();
    expect(page.layer().parentElement).toBe(page.editor.view.dom.parentElement);
    expect(page.layer().getAttribute('aria-hidden')).toBe('true');
    expect(page.transactions()).toBe(before);
  });

  it("are moved by others' typing before them at the next frame, and not for this editor's own presence", () => {
    const page = sharedPage(['First one.']);
    page.someone('Ada Lovelace', '#d62728', 0, 5);
    page.frames.frame();
    expect(page.carets()[0]!.transform).toBe('translate(60px, 20px)');

    // This editor's own presence changing asks for no drawing at all.
    page.awareness.setLocalStateField('user', { name: 'You' });
    expect(page.frames.waiting()).toBe(0);

    // Three letters typed at the paragraph's start by someone else: her caret is three further.
    ((page.remote.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'Hi ');
    page.sync();
    expect(page.carets()[0]!.transform).toBe('translate(60px, 20px)');
    page.frames.frame();
    expect(page.carets()[0]!.transform).toBe('translate(90px, 20px)');
  });

  it("are placed from their text block's box while the block is unchanged, and read again when it changed", () => {
    const page = sharedPage(['First one.', 'Second one.']);
    page.someone('Ada Lovelace', '#d62728', 1, 5);
    // Each paragraph's box: where the tests put it (jsdom lays nothing out).
    const boxes = new Map<Element, { top: number; width: number }>();
    const paragraphs = () => [...page.editor.view.dom.querySelectorAll('p')];
    for (const paragraph of paragraphs()) {
      boxes.set(paragraph, { top: 0, width: 600 });
      paragraph.getBoundingClientRect = () => {
        const box = boxes.get(paragraph)!;
        return {
          left: 0,
          top: box.top,
          width: box.width,
          height: 18,
          right: box.width,
          bottom: box.top + 18,
        } as DOMRect;
      };
    }
    page.frames.frame();
    // Paragraph 1's text starts at 13: her caret at 18.
    expect(page.carets()[0]!.transform).toBe('translate(180px, 20px)');
    expect(page.placedAt).toEqual([18]);

    // Someone types in the first paragraph and it takes a second line: hers moves down with her
    // paragraph, and her caret was not read again (its place in the paragraph cannot have changed).
    ((page.remote.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'Hi ');
    page.sync();
    boxes.get(paragraphs()[1]!)!.top = 25;
    page.frames.frame();
    expect(page.placedAt).toEqual([18]);
    expect(page.carets()[0]!.transform).toBe('translate(180px, 45px)');

    // Her own paragraph changed: read again (three letters further).
    ((page.remote.getXmlFragment('default').get(1) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'So ');
    page.sync();
    page.frames.frame();
    expect(page.placedAt).toEqual([18, 24]);
    expect(page.carets()[0]!.transform).toBe('translate(240px, 20px)');

    // Her paragraph narrower (its lines may wrap elsewhere): read again.
    boxes.get(paragraphs()[1]!)!.width = 300;
    ((page.remote.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, '!');
    page.sync();
    page.frames.frame();
    expect(page.placedAt).toEqual([18, 24, 25]);

    // And at every FULL_READ_EVERY_FRAMES-th frame whatever happened, so a change no check sees
    // (a decoration inside her paragraph) is mended within about a second.
    let frames = 4;
    while (frames % FULL_READ_EVERY_FRAMES !== FULL_READ_EVERY_FRAMES - 1) {
      ((page.remote.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, '!');
      page.sync();
      page.frames.frame();
      frames += 1;
    }
    expect(page.placedAt).toHaveLength(3);
    ((page.remote.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, '!');
    page.sync();
    page.frames.frame();
    expect(page.placedAt).toHaveLength(4);
  });

  it("are placed from their text block in a list as in a paragraph: the block is the list item's paragraph", () => {
    const page = sharedPage(['Before the list.']);
    const fragment = page.remote.getXmlFragment('default');
    const text = new Y.XmlText('An item.');
    page.remote.transact(() => {
      const list = new Y.XmlElement('bulletList');
      const item = new Y.XmlElement('listItem');
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [text]);
      item.insert(0, [paragraph]);
      list.insert(0, [item]);
      fragment.insert(1, [list]);
    });
    page.sync();
    const other = new Y.Doc();
    page.awareness.states.set(other.clientID, {
      user: { name: 'Ada Lovelace', color: '#d62728' },
      cursor: (() => {
        const at = JSON.parse(JSON.stringify(Y.createRelativePositionFromTypeIndex(text, 3)));
        return { anchor: at, head: at };
      })(),
    });
    page.awareness.emit('change', [{ added: [other.clientID], updated: [], removed: [] }, 'remote']);
    page.frames.frame();
    // "Before the list." is 16 characters (positions 1-17); the list opens at 18, its item at 19,
    // the item's paragraph at 20: the caret is at 21 + 3.
    expect(page.placedAt).toEqual([24]);
    expect(page.carets()[0]!.transform).toBe('translate(240px, 20px)');

    // The first paragraph grows: the list item's paragraph is the same node, three further.
    ((fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'So ');
    page.sync();
    page.frames.frame();
    expect(page.placedAt).toEqual([24]);

    // The item's own text changes: read again.
    text.insert(0, 'An ');
    page.sync();
    page.frames.frame();
    expect(page.placedAt).toEqual([24, 30]);
  });

  it('show a name as text and an unknown colour as grey; leave out whoever left, and a caret whose text is gone', () => {
    const page = sharedPage(['First one.', 'Second one.']);
    page.someone('<img src=x onerror="alert(1)">', 'red; background: url(https://example.com)', 0, 1);
    const leaving = page.someone('Grace Hopper', '#2ca02c', 1, 0);
    page.frames.frame();
    expect(page.carets().map(({ name, colour }) => [name, colour])).toEqual([
      ['<img src=x onerror="alert(1)">', 'rgb(119, 119, 119)'],
      ['Grace Hopper', 'rgb(44, 160, 44)'],
    ]);
    expect(page.layer().querySelector('img')).toBeNull();

    page.awareness.states.delete(leaving);
    page.awareness.emit('change', [{ added: [], updated: [], removed: [leaving] }, 'remote']);
    page.frames.frame();
    expect(page.carets().map(({ name }) => name)).toEqual(['<img src=x onerror="alert(1)">']);

    // The first paragraph deleted by someone else: the caret in it has nowhere to be.
    page.remote.getXmlFragment('default').delete(0, 1);
    page.sync();
    page.frames.frame();
    expect(page.carets()).toEqual([]);
  });

  it(`draw a selection as its text's rectangles, at most ${MAX_SELECTION_BLOCKS} blocks of it`, () => {
    const paragraphs = Array.from({ length: MAX_SELECTION_BLOCKS + 20 }, (_, index) => `Paragraph ${index}.`);
    const page = sharedPage(paragraphs);
    // jsdom measures no text: each block's range is one rectangle.
    Range.prototype.getClientRects = () =>
      [{ left: 0, top: 0, width: 50, height: 18 }] as unknown as DOMRectList;
    page.someone('Ada Lovelace', '#d62728', 0, 2, 4);
    page.frames.frame();
    expect(page.layer().querySelectorAll('.remote-selection')).toHaveLength(1);

    // Selected from the first paragraph to the last.
    const other = new Y.Doc();
    const fragment = page.remote.getXmlFragment('default');
    const textOf = (index: number) => (fragment.get(index) as Y.XmlElement).get(0) as Y.XmlText;
    const at = (text: Y.XmlText, offset: number) =>
      JSON.parse(JSON.stringify(Y.createRelativePositionFromTypeIndex(text, offset)));
    page.awareness.states.set(other.clientID, {
      user: { name: 'Grace Hopper', color: '#2ca02c' },
      cursor: { anchor: at(textOf(0), 1), head: at(textOf(paragraphs.length - 1), 3) },
    });
    page.awareness.emit('change', [{ added: [other.clientID], updated: [], removed: [] }, 'remote']);
    page.frames.frame();
    expect(page.layer().querySelectorAll('.remote-selection')).toHaveLength(1 + MAX_SELECTION_BLOCKS);
    expect(page.carets()).toHaveLength(2);
  });

  it('are gone with the editor', () => {
    const page = sharedPage(['First one.']);
    page.someone('Ada Lovelace', '#d62728', 0, 5);
    page.frames.frame();
    const host = page.editor.view.dom.parentElement!;
    page.editor.destroy();
    expect(host.querySelector('.remote-carets')).toBeNull();
    // What the caret extension sends as it goes (no caret) goes out at the next frame.
    page.frames.frame();
    page.someone('Grace Hopper', '#2ca02c', 0, 1);
    expect(page.frames.waiting()).toBe(0);
  });
});
