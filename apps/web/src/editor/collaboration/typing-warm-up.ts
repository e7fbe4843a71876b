/**
 * The typing path run before the person's first key (issue 33: "no keystroke over 16 ms").
 *
 * Why: a page that has only watched others type has never run the code a key runs here:
 * ProseMirror's reading of a typed letter from the DOM, TipTap's input rules, y-tiptap's sync
 * of a local edit into Yjs, Yjs's encoding of it. V8 compiles a function when it first runs, so
 * the first key compiled about a hundred functions (4.5 ms of its 8 ms, in a Chromium trace),
 * the largest single cause of slow keys among fifty people. V8 keeps a function's bytecode on
 * its shared function info, shared by every closure made from it, so running the same code in
 * another editor compiles it for this one.
 *
 * How: an editor of its own, made from the same extensions over a Y document of its own (no
 * provider: nothing is sent, nothing of the page's changed), in a box nobody sees, typed into
 * the way a browser types: the key's events, then the letter written into the DOM, which
 * ProseMirror reads as it reads a real key. Hand-picked calls warmed only what they named (the
 * eighteenth session); the editor's own input path runs everything a key runs.
 *
 * It never takes the focus or the selection (the person may have clicked into the page
 * already), so what depends on them (scrolling the caret into view) is not run; each step is
 * a task of its own at idle time, and the whole is undone at the end.
 */
import { Editor, type Extensions } from '@tiptap/react';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';

/**
 * Keys pressed: a dozen letters, then Enter and Backspace, which the keymaps take (a paragraph
 * split and joined again: y-tiptap's sync of a new block and of one removed). A dozen, not one:
 * V8 also compiles a function's baseline code (Sparkplug, on the main thread) once it has run
 * some eight times, which the first keys did otherwise (182 functions, 2.6 ms, over the first
 * few keys in a V8 log of the bench); the second key also runs what only a key after a key runs.
 */
const KEYS: readonly string[] = [...'warmingtyping', 'Enter', 'Backspace'];

/** The longest an idle step waits for the page to be idle (ms): it runs then anyway. */
const IDLE_TIMEOUT_MS = 1000;

/** Idle steps waited for y-tiptap's binding before giving up. */
const MAX_WAITS = 20;

/** Schedules a step when the page is idle; returns what cancels it. */
export type IdleClock = (run: () => void) => () => void;

export const browserIdleClock: IdleClock = (run) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
};

/**
 * Presses `KEYS` in an unseen editor made by `makeExtensions` over a Y document of its own, one
 * idle step at a time. Returns what stops it and removes what it made.
 */
export function warmUpTyping(
  makeExtensions: (doc: Y.Doc) => Extensions,
  idle: IdleClock = browserIdleClock,
): () => void {
  let cancel: () => void = () => {};
  let editor: Editor | undefined;
  let doc: Y.Doc | undefined;
  let box: HTMLElement | undefined;
  const undo = () => {
    cancel();
    editor?.destroy();
    doc?.destroy();
    box?.remove();
    editor = doc = box = undefined;
  };
  const step = (run: () => void) => {
    cancel = idle(() => {
      cancel = () => {};
      try {
        run();
      } catch (error) {
        // Only a warm-up: it fails alone (reported as any uncaught error), and leaves nothing.
        undo();
        throw error;
      }
    });
  };
  step(() => {
    box = unseenBox();
    doc = new Y.Doc();
    editor = new Editor({ element: box, extensions: makeExtensions(doc) });
    let typed = 0;
    let waited = 0;
    const next = () =>
      step(() => {
        if (!editor || editor.isDestroyed) return undo();
        // y-tiptap binds the editor to Yjs in a task after it is made: until then an edit
        // would not reach Yjs (and the binding's first render would drop it).
        if (!ySyncPluginKey.getState(editor.state)?.binding) {
          waited += 1;
          return waited > MAX_WAITS ? undo() : next();
        }
        if (typed === 0) editor.chain().setContent('<p>Typing</p>').setTextSelection(7).run();
        pressKey(editor, KEYS[typed]!);
        typed += 1;
        // ProseMirror reads a letter from the DOM in a microtask (its mutation observer).
        if (typed < KEYS.length) next();
        else step(undo);
      });
    next();
  });
  return undo;
}

/** A box in the page that is laid out (ProseMirror measures) but not seen, read or reached. */
function unseenBox(): HTMLElement {
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.setAttribute('inert', '');
  box.style.cssText =
    'position:fixed;top:0;left:0;width:40em;opacity:0;pointer-events:none;z-index:-1;contain:strict;height:4em;overflow:hidden';
  document.body.append(box);
  return box;
}

function pressKey(editor: Editor, key: string) {
  if (key === 'Enter' || key === 'Backspace') pressTakenKey(editor, key);
  else typeLetter(editor, key);
}

/**
 * Enter or Backspace, which the editor's keymaps take (the key's default prevented, so the
 * browser does nothing more): its keydown, not bubbling.
 */
function pressTakenKey(editor: Editor, key: 'Enter' | 'Backspace') {
  const keyCode = key === 'Enter' ? 13 : 8;
  editor.view.dom.dispatchEvent(
    new KeyboardEvent('keydown', { key, code: key, keyCode, which: keyCode, cancelable: true }),
  );
}

/**
 * One letter as a browser types it at the end of the first paragraph: keydown, keypress and
 * beforeinput on the editor's element (its handlers and keymaps run; none takes a plain letter),
 * the letter written into the text node, input. The DOM change is what ProseMirror reads.
 */
function typeLetter(editor: Editor, letter: string) {
  const dom = editor.view.dom;
  const text = dom.querySelector('p')?.lastChild;
  if (!text || text.nodeType !== Node.TEXT_NODE) return;
  const code = letter.toUpperCase().charCodeAt(0);
  // Not bubbling: the page's key listeners (the app's shortcuts listen at the window as
  // events bubble) never see these.
  const key = { key: letter, code: 'Key' + letter.toUpperCase(), cancelable: true };
  if (!dom.dispatchEvent(new KeyboardEvent('keydown', { ...key, keyCode: code, which: code }))) return;
  if (!dom.dispatchEvent(new KeyboardEvent('keypress', { ...key, charCode: letter.charCodeAt(0) }))) return;
  const input = { inputType: 'insertText', data: letter };
  if (!dom.dispatchEvent(new InputEvent('beforeinput', { ...input, cancelable: true }))) return;
  (text as Text).appendData(letter);
  dom.dispatchEvent(new InputEvent('input', input));
}
