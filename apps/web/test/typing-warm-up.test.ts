/**
 * The typing path run before the first key (`typing-warm-up.ts`, issue 33): an unseen editor of
 * its own, typed into as a browser types, whose letters reach its own Y document through
 * ProseMirror's reading of the DOM; nothing of the page's taken or left behind.
 */
import Collaboration from '@tiptap/extension-collaboration';
import { afterEach, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { type IdleClock, warmUpTyping } from '../src/editor/collaboration/typing-warm-up';
import { sharedPageExtensions } from '../src/editor/extensions';

afterEach(() => {
  document.body.replaceChildren();
});

/** Idle steps by hand: each waits until the test runs it. */
function manualIdle() {
  let waiting: Array<() => void> = [];
  const clock: IdleClock = (run) => {
    waiting.push(run);
    return () => {
      waiting = waiting.filter((each) => each !== run);
    };
  };
  /** Runs the steps one by one, each after the page's timers and microtasks, until none is left. */
  const runAll = async (most = Number.POSITIVE_INFINITY) => {
    let steps = 0;
    while (waiting.length > 0 && steps < most) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const due = waiting;
      waiting = [];
      for (const run of due) run();
      steps += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
    return steps;
  };
  return { clock, runAll, waiting: () => waiting.length };
}

/** The editor's extensions over `doc`, remembering each text the document held. */
function recording() {
  const texts: string[] = [];
  const docs: Y.Doc[] = [];
  const makeExtensions = (doc: Y.Doc) => {
    docs.push(doc);
    doc.on('update', () => texts.push(doc.getXmlFragment('default').toString()));
    return [...sharedPageExtensions, Collaboration.configure({ document: doc })];
  };
  return { texts, docs, makeExtensions };
}

describe('the typing path run before the first key', () => {
  it('types letters that ProseMirror reads from the DOM into its own Y document, then removes it', async () => {
    const idle = manualIdle();
    const made = recording();
    warmUpTyping(made.makeExtensions, idle.clock);
    expect(document.body.children).toHaveLength(0);
    await idle.runAll();
    expect(made.docs).toHaveLength(1);
    // Each letter a transaction of its own, read from the text node it was written into; then
    // Enter splits the paragraph at the caret and Backspace joins it again (the keymaps).
    expect(made.texts).toContain('<paragraph>Typingw</paragraph>');
    expect(made.texts).toContain('<paragraph>Typingwa</paragraph>');
    expect(made.texts).toContain('<paragraph>Typingwarmingtyping</paragraph>');
    expect(made.texts).toContain('<paragraph>Typingwarmingtyping</paragraph><paragraph></paragraph>');
    expect(made.texts.at(-1)).toBe('<paragraph>Typingwarmingtyping</paragraph>');
    expect(document.body.children).toHaveLength(0);
  });

  it("never reaches the page's own key listeners (its shortcuts)", async () => {
    const seen: string[] = [];
    const listen = (event: Event) => seen.push(event.type);
    const types = ['keydown', 'keypress', 'beforeinput', 'input'];
    for (const type of types) window.addEventListener(type, listen);
    try {
      const idle = manualIdle();
      const made = recording();
      warmUpTyping(made.makeExtensions, idle.clock);
      await idle.runAll();
      expect(made.texts.at(-1)).toBe('<paragraph>Typingwarmingtyping</paragraph>');
      expect(seen).toEqual([]);
    } finally {
      for (const type of types) window.removeEventListener(type, listen);
    }
  });

  it('never takes the focus or the selection of the page', async () => {
    const field = document.createElement('textarea');
    field.value = 'where the person is';
    document.body.append(field);
    field.focus();
    field.setSelectionRange(3, 8);
    const idle = manualIdle();
    const made = recording();
    warmUpTyping(made.makeExtensions, idle.clock);
    await idle.runAll();
    expect(made.texts.at(-1)).toBe('<paragraph>Typingwarmingtyping</paragraph>');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([3, 8]);
    expect(field.value).toBe('where the person is');
  });

  it('failing, leaves nothing behind', async () => {
    const idle = manualIdle();
    warmUpTyping(() => {
      throw new Error('no editor here');
    }, idle.clock);
    await expect(idle.runAll()).rejects.toThrow('no editor here');
    expect(document.body.children).toHaveLength(0);
    expect(idle.waiting()).toBe(0);
  });

  it('stopped halfway (the editor closed), leaves nothing and types no more', async () => {
    const idle = manualIdle();
    const made = recording();
    const stop = warmUpTyping(made.makeExtensions, idle.clock);
    await idle.runAll(2);
    expect(document.body.children).toHaveLength(1);
    expect(idle.waiting()).toBe(1);
    stop();
    expect(document.body.children).toHaveLength(0);
    expect(idle.waiting()).toBe(0);
    expect(made.docs[0]!.getXmlFragment('default').toString()).not.toContain('warm');
  });
});
