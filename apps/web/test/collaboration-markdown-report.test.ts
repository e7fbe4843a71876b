/**
 * A writer's editor on a shared page reports its markdown (`markdown-report.ts`): once the
 * typing pauses, and at once when the server asks (before the page's change request is merged
 * or archived, so the merge holds the last keystrokes). Other messages of the server are not
 * a request; once stopped, the editor reports nothing.
 */
import { contentHashOf, reportOf } from '@quire/documents/shared-state';
import Collaboration from '@tiptap/extension-collaboration';
import { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { reportMarkdown, type StatelessMessages } from '../src/editor/collaboration/markdown-report';
import { sharedPageExtensions } from '../src/editor/extensions';

const opened: Editor[] = [];
afterEach(() => {
  for (const editor of opened.splice(0)) editor.destroy();
});

/** The server's stateless messages, sent by hand. */
function statelessMessages() {
  const listeners = new Set<(message: { payload: string }) => void>();
  const server: StatelessMessages = {
    on: (_event, listener) => listeners.add(listener),
    off: (_event, listener) => listeners.delete(listener),
  };
  const send = (message: unknown) => {
    for (const listener of listeners) listener({ payload: JSON.stringify(message) });
  };
  return { server, send };
}

function sharedEditor() {
  const doc = new Y.Doc();
  const editor = new Editor({
    element: document.createElement('div'),
    extensions: [...sharedPageExtensions, Collaboration.configure({ document: doc })],
  });
  opened.push(editor);
  return { doc, editor };
}

describe("a shared page's markdown report", () => {
  it('is made at once when the server asks, of the content as it is; other messages ask nothing', () => {
    const { doc, editor } = sharedEditor();
    const { server, send } = statelessMessages();
    const stop = reportMarkdown(editor, doc, server, { current: () => {} });
    editor.commands.insertContent('Typed a moment before the merge');
    // The typing has not paused: nothing reported yet.
    expect(reportOf(doc)).toBeUndefined();
    send({ type: 'access', readOnly: true });
    expect(reportOf(doc)).toBeUndefined();
    send({ type: 'report' });
    expect(reportOf(doc)).toEqual({
      markdown: 'Typed a moment before the merge\n',
      hash: contentHashOf(doc),
    });

    stop();
    editor.commands.insertContent(', and after');
    send({ type: 'report' });
    expect(reportOf(doc)?.markdown).toBe('Typed a moment before the merge\n');
  });
});
