/**
 * A page edited together (issue 33): the page editor's schema, toolbar and views over a Y
 * document shared through the server (TipTap's collaboration extensions), with who is here
 * and their cursors. Nothing to save by hand: the editors report the page's markdown as the
 * content changes (`useMarkdownReport`) and the server saves it as revisions; a revision
 * written elsewhere comes in through one editor (`useIncomingRevisions`). A reader sees the
 * page live, read only, and is seen.
 */
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { useQueryClient } from '@tanstack/react-query';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useMemo } from 'react';
import type * as Y from 'yjs';
import { useTRPC } from '../../api/trpc';
import { ErrorNotice, Loading } from '../../ui/states';
import { editorToMarkdown, markdownToEditor } from '../editor-content';
import { EditorFiles } from '../editor-files';
import { EditorToolbar } from '../editor-toolbar';
import { sharedPageExtensions } from '../extensions';
import { MentionNames } from '../mention-view';
import { takeShownSelection } from '../shown-selection';
import { SlashMenuList } from '../slash-menu';
import '../editor.css';
import './collaboration.css';
import { incomingOf, stateOf } from '@quire/documents/shared-state';
import { CaretAfterRemoteChange } from './caret-after-remote-change';
import { reportMarkdown } from './markdown-report';
import { ownPresencePerFrame } from './own-presence-per-frame';
import { Presence, usePresent } from './presence';
import { RemoteCarets } from './remote-carets';
import { SaveUnsaved } from './save-unsaved';
import { warmUpTyping } from './typing-warm-up';
import { type SharedPlace, useSharedPage } from './use-shared-page';

/** The editor's schema and views over a shared Y document, without anyone's presence. */
const sharedDocumentExtensions = (doc: Y.Doc) => [
  ...sharedPageExtensions,
  Collaboration.configure({ document: doc }),
  CaretAfterRemoteChange,
];

/** Cursor colours: distinct on white, each readable under white text. */
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22'];

export default function SharedPageEditor({
  organizationId,
  place,
  title,
  onClose,
}: {
  organizationId: string;
  place: SharedPlace;
  title: string;
  onClose: () => void;
}) {
  const shared = useSharedPage(place);
  if (shared.status === 'refused')
    return (
      <ErrorNotice
        error={new Error(`You cannot edit this page together with others (${shared.reason}).`)}
        title="The shared page could not be opened"
      />
    );
  if (shared.status === 'joining') return <Loading label="Joining the page…" />;
  return (
    <>
      {shared.problem && (
        <ErrorNotice error={shared.problem} title="What you typed while disconnected could not be saved" />
      )}
      {shared.saveUnsaved && <SaveUnsaved save={shared.saveUnsaved} />}
      {shared.ended ? (
        <ChangeRequestEnded status={shared.ended} />
      ) : (
        shared.accessChanged && (
          <p role="status" className="notice">
            {shared.readOnly
              ? 'Your access to this page changed: you can no longer edit it here, and what you type is not kept.'
              : 'Your access to this page changed: you can edit it now.'}
          </p>
        )
      )}
      <SharedEditorView
        // Joined again after a lost connection: the editor works on the fresh document.
        key={shared.doc.guid}
        organizationId={organizationId}
        place={place}
        title={title}
        doc={shared.doc}
        provider={shared.provider}
        readOnly={shared.readOnly}
        beforeLeave={shared.beforeLeave}
        beforeOthersChanges={shared.beforeOthersChanges}
        onClose={onClose}
      />
    </>
  );
}

/**
 * The page's change request was merged or archived while this person edited it: what they typed
 * until then is in it (the server saved it first), and the editor reads along from now on. The
 * app's change requests are read again, so the page's banner shows the new status.
 */
function ChangeRequestEnded({ status }: { status: 'merged' | 'archived' }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.changeRequests.pathKey() });
  }, [queryClient, trpc]);
  return (
    <p role="status" className="notice">
      {status === 'merged'
        ? 'This change request was merged, with what you typed until then: the page can no longer be edited here.'
        : 'This change request was archived, with what you typed until then: the page can no longer be edited here.'}
    </p>
  );
}

function SharedEditorView({
  organizationId,
  place,
  title,
  doc,
  provider,
  readOnly,
  beforeLeave,
  beforeOthersChanges,
  onClose,
}: {
  organizationId: string;
  place: SharedPlace;
  title: string;
  doc: Y.Doc;
  provider: HocuspocusProvider;
  readOnly: boolean;
  beforeLeave: { current: () => void };
  beforeOthersChanges: { current: () => void };
  onClose: () => void;
}) {
  const colour = useMemo(() => COLOURS[Math.floor(Math.random() * COLOURS.length)]!, []);
  // The caret extension sends this editor's caret, once a frame; others' are drawn over the
  // editor (`remote-carets.ts`), not by it.
  const caretProvider = useMemo(
    () => ({ awareness: provider.awareness ? ownPresencePerFrame(provider.awareness) : null }),
    [provider],
  );
  const editor = useEditor({
    extensions: [
      ...sharedDocumentExtensions(doc),
      // The server names each person as it knows them; the colour is this editor's.
      CollaborationCaret.configure({ provider: caretProvider, user: { name: 'You', color: colour } }),
      RemoteCarets.configure({ awareness: provider.awareness }),
    ],
    editable: !readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'editor-content markdown',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-readonly': String(readOnly),
        'aria-label': 'Content of ' + (title || 'the page'),
      },
    },
  });
  // The typing path compiled before the first key, in an editor of its own.
  useEffect(() => (readOnly ? undefined : warmUpTyping(sharedDocumentExtensions)), [readOnly]);
  // TipTap keeps an editor's `editable` over later options: set when the access changes.
  useEffect(() => {
    editor.setEditable(!readOnly);
  }, [editor, readOnly]);
  // A click the browser has not yet told the editor of is taken before others' edits redraw it.
  useEffect(() => {
    beforeOthersChanges.current = () => {
      if (!editor.isDestroyed) takeShownSelection(editor.view);
    };
    return () => {
      beforeOthersChanges.current = () => {};
    };
  }, [editor, beforeOthersChanges]);
  useMarkdownReport(editor, doc, provider, readOnly, beforeLeave);
  useIncomingRevisions(editor, doc, provider, readOnly);
  const present = usePresent(provider);

  return (
    <section
      className="page-editor shared-page-editor"
      aria-label={'Editing ' + (title || 'the page') + ' together'}
    >
      <div className="shared-page-bar">
        <Presence provider={provider} />
        <p className="muted" aria-live="polite">
          {readOnly
            ? 'You are reading along: you cannot change this page.'
            : present.length > 1
              ? `Editing with ${present.length - 1} other ${present.length === 2 ? 'person' : 'people'}: changes are saved as you type.`
              : 'Changes are saved as you type.'}
        </p>
        <button type="button" className="button" onClick={onClose}>
          Close the editor
        </button>
      </div>
      {!readOnly && <EditorToolbar editor={editor} />}
      <EditorFiles
        editor={editor}
        spaceId={place.spaceId}
        changeRequestId={place.changeRequestId}
        readOnly={readOnly}
      >
        <MentionNames organizationId={organizationId} spaceId={place.spaceId}>
          <EditorContent editor={editor} />
        </MentionNames>
        {!readOnly && <SlashMenuList editor={editor} />}
      </EditorFiles>
    </section>
  );
}

/** Reports the page's markdown while this person may write (`markdown-report.ts`). */
function useMarkdownReport(
  editor: Editor,
  doc: Y.Doc,
  provider: HocuspocusProvider,
  readOnly: boolean,
  beforeLeave: { current: () => void },
) {
  useEffect(
    () => (readOnly ? undefined : reportMarkdown(editor, doc, provider, beforeLeave)),
    [editor, doc, provider, readOnly, beforeLeave],
  );
}

/**
 * Brings a revision written elsewhere into the shared content, through one editor: the writer
 * present with the lowest Yjs client id, and only while the content is still what the
 * revision was merged with (`from`); otherwise the next save merges again.
 */
function useIncomingRevisions(editor: Editor, doc: Y.Doc, provider: HocuspocusProvider, readOnly: boolean) {
  useEffect(() => {
    if (readOnly) return;
    const leads = () => {
      const awareness = provider.awareness;
      if (!awareness) return true;
      for (const [clientId, state] of awareness.getStates()) {
        if (clientId < doc.clientID && state.user?.readOnly === false) return false;
      }
      return true;
    };
    const apply = () => {
      const incoming = incomingOf(doc);
      if (!incoming || editor.isDestroyed || !leads()) return;
      if (editorToMarkdown(editor.getJSON()) !== incoming.from) return;
      editor.commands.setContent(markdownToEditor(incoming.markdown, editor.schema), { emitUpdate: true });
      doc.transact(() => {
        const state = stateOf(doc);
        state.set('base', incoming.revision);
        state.set('baseMarkdown', incoming.markdown);
        state.delete('incoming');
      });
    };
    stateOf(doc).observe(apply);
    provider.awareness?.on('change', apply);
    apply();
    return () => {
      stateOf(doc).unobserve(apply);
      provider.awareness?.off('change', apply);
    };
  }, [editor, doc, provider, readOnly]);
}
