/**
 * What keeps a page editor's unsaved text from being left behind unasked: while the editor
 * holds text no save has sent, leaving for another place in the app asks first (the router's
 * blocker), closing or reloading the tab gets the browser's own question (`beforeunload`),
 * and closing the editor asks as leaving does (`closing`, set by the editor's close button).
 * And the keyboard's save (`useSaveShortcut`).
 */
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ConfirmDialog } from '../ui/confirm-dialog';

/**
 * Ctrl+S, or ⌘S on a Mac, anywhere on the page while the editor is open: a person editing
 * means "save this page", never the browser's own "Save page as".
 */
export function useSaveShortcut(save: () => void): void {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

export function UnsavedEditGuard(props: {
  unsaved: boolean;
  /** The editor's close button was pressed with unsaved text. */
  closing: boolean;
  onClose: () => void;
  onStay: () => void;
  title: string;
}) {
  const blocker = useBlocker({
    shouldBlockFn: () => props.unsaved,
    // The tab's own question is asked below, whatever history the router keeps.
    enableBeforeUnload: false,
    withResolver: true,
  });
  useEffect(() => {
    if (!props.unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [props.unsaved]);
  const what = props.title ? `your edits to “${props.title}”` : 'your edits to this page';
  // Leaving the page (the router held it) or closing the editor: one question, two wordings.
  const question =
    blocker.status === 'blocked'
      ? { verb: 'Leave', what: 'Leaving this page', stay: blocker.reset, go: blocker.proceed }
      : props.closing
        ? { verb: 'Close', what: 'Closing the editor', stay: props.onStay, go: props.onClose }
        : undefined;
  if (question)
    return (
      <ConfirmDialog
        heading={`${question.verb} without saving?`}
        description={`You have not saved ${what}. ${question.what} discards them.`}
        confirmLabel={`${question.verb} without saving`}
        pending={false}
        error={null}
        onClose={question.stay}
        onConfirm={question.go}
      />
    );
  return null;
}
