/**
 * A writer's editor reports the page's markdown with the hash of the content it was made from
 * (`report` of `shared-state.ts`), which the server saves as revisions: once the content is
 * still for a moment (`REPORT_DELAY_MS`), before leaving (`beforeLeave`), and at once when the
 * server asks (its `report` request, sent before the page's change request is merged or
 * archived, so the last keystrokes are in it). Every writer reports; one whose report is
 * already there writes nothing.
 */
import { contentHashOf, stateOf } from '@quire/documents/shared-state';
import type { Editor } from '@tiptap/react';
import type * as Y from 'yjs';
import { editorToMarkdown } from '../editor-content';

/** How long the content stays still before its markdown is reported (ms). */
export const REPORT_DELAY_MS = 250;

/** Where the server's stateless messages arrive (the Hocuspocus provider). */
export interface StatelessMessages {
  on(event: 'stateless', listener: (message: { payload: string }) => void): unknown;
  off(event: 'stateless', listener: (message: { payload: string }) => void): unknown;
}

/** Whether a stateless message is the server's request for a report now (`change-request-end-messages.ts` of the server). */
function isReportRequest(payload: string): boolean {
  try {
    return (JSON.parse(payload) as { type?: unknown }).type === 'report';
  } catch {
    return false;
  }
}

/** Reports the page's markdown from now on; answers the function that stops it. */
export function reportMarkdown(
  editor: Editor,
  doc: Y.Doc,
  server: StatelessMessages,
  beforeLeave: { current: () => void },
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const report = () => {
    clearTimeout(timer);
    timer = undefined;
    if (editor.isDestroyed) return;
    const markdown = editorToMarkdown(editor.getJSON());
    const hash = contentHashOf(doc);
    const current = stateOf(doc).get('report') as { markdown?: string; hash?: string } | undefined;
    if (current?.markdown === markdown && current.hash === hash) return;
    stateOf(doc).set('report', { markdown, hash });
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(report, REPORT_DELAY_MS);
  };
  const asked = ({ payload }: { payload: string }) => {
    if (isReportRequest(payload)) report();
  };
  editor.on('update', later);
  server.on('stateless', asked);
  beforeLeave.current = () => {
    if (timer !== undefined) report();
  };
  return () => {
    editor.off('update', later);
    server.off('stateless', asked);
    clearTimeout(timer);
  };
}
