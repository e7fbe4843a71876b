/**
 * A page in the WYSIWYG editor (TipTap over ProseMirror). The page's markdown is read without
 * loss (`editor-content.ts`); "Save" sends one batch of content changes (`update_page` with
 * the page's new markdown) live on the space when its edit mode allows it, otherwise into a
 * change request, new or open. A failed save shows the server's message and keeps the
 * editor, and so everything typed, as it is.
 *
 * An edit is saved against the version it was made from: the editor reads the page at a
 * known revision (the space's, or the change request's once one is chosen before typing)
 * and sends that revision with the batch, so the server merges the edit into what the
 * target became since (a change request's own edits stay); what cannot be combined comes
 * back as conflicts naming the pages, shown here, and nothing is written.
 *
 * Ctrl+S (⌘S) saves as the button does. What is typed and not saved is not left behind
 * unasked: leaving the page in the app, closing the editor, or closing or reloading the tab
 * asks first (`unsaved-edit-guard.tsx`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EditorContent, useEditor } from '@tiptap/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { apiErrorOf } from '../api/api-error';
import { contentConflictsOf } from '../api/content-conflicts';
import { useTRPC, useTRPCClient } from '../api/trpc';
import { ErrorNotice, Loading } from '../ui/states';
import SharedPageEditor from './collaboration/shared-page-editor';
import { EditConflicts } from './edit-conflicts';
import { type EditSource, sameSource, sourceFor } from './edit-source';
import { editorToMarkdown, markdownToEditor } from './editor-content';
import { EditorFiles } from './editor-files';
import { EditorToolbar } from './editor-toolbar';
import { editorExtensions, editorSchema } from './extensions';
import { InsertPicker } from './insert-picker';
import { MentionNames } from './mention-view';
import { insertFilesChange, pendingUploadsOf } from './pending-uploads';
import { type SaveTarget, targetOf, targetValue } from './save-target';
import { SlashMenuList } from './slash-menu';
import { UnsavedEditGuard, useSaveShortcut } from './unsaved-edit-guard';
import './editor.css';

export interface EditablePage {
  id: string;
  title: string;
  markdown?: string | undefined;
}

interface Saved {
  changeRequest?: { id: string; number: number };
}

export default function PageEditor({
  organizationId,
  spaceId,
  page,
  onClose,
  changeRequest,
}: {
  organizationId: string;
  spaceId: string;
  page: EditablePage;
  onClose: () => void;
  /** Opened inside a change request: its page is edited and saved into it (issue 30, item 2). */
  changeRequest?: { id: string } | undefined;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const targetId = useId();
  const [edited, setEdited] = useState(false);
  // Whether the editor holds text no save has sent; `typed` counts updates, so that a save
  // settles only what was typed before it started.
  const [unsaved, setUnsavedState] = useState(false);
  const unsavedNow = useRef(false);
  const setUnsaved = useCallback((value: boolean) => {
    unsavedNow.current = value;
    setUnsavedState(value);
  }, []);
  const typed = useRef(0);
  // The revision the editor's text was made from: what a save names as its base.
  const editedFrom = useRef<string | undefined>(undefined);
  // "Load the latest version": the next version read replaces the editor's text, typed or not.
  const replacing = useRef(false);
  const [closing, setClosing] = useState(false);
  const editor = useEditor({
    extensions: editorExtensions,
    content: markdownToEditor(page.markdown ?? '', editorSchema),
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: () => {
      typed.current += 1;
      setEdited(true);
      setUnsaved(true);
    },
    editorProps: {
      attributes: {
        class: 'editor-content markdown',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': 'Content of ' + (page.title || 'the page'),
      },
    },
  });

  const space = useQuery(trpc.spaces.get.queryOptions({ spaceId }));
  const open = useQuery(trpc.changeRequests.list.queryOptions({ spaceId, status: 'open' }));
  const drafts = useQuery(trpc.changeRequests.list.queryOptions({ spaceId, status: 'draft' }));
  const openRequests = [...(drafts.data?.items ?? []), ...(open.data?.items ?? [])];
  const live = space.data?.editMode === 'live';
  const [chosen, setChosen] = useState<SaveTarget | undefined>(
    changeRequest ? { kind: 'changeRequest', id: changeRequest.id } : undefined,
  );
  const target: SaveTarget = chosen ?? { kind: 'new' };
  const [source, setSource] = useState<EditSource>(sourceFor(target));
  const [reloads, setReloads] = useState(0);
  const nameOf = (where: EditSource | SaveTarget): string => {
    if (where.kind !== 'changeRequest') return 'the space';
    const request = openRequests.find((candidate) => candidate.id === where.id);
    return request ? 'change request #' + request.number : 'the change request';
  };

  // The version edited: the page at one revision of its source, read together.
  const base = useQuery({
    queryKey: ['page-editor', spaceId, page.id, source, reloads],
    queryFn: async () => {
      const revision =
        source.kind === 'space'
          ? (await client.spaces.get.query({ spaceId })).revision
          : (await client.changeRequests.get.query({ spaceId, changeRequestId: source.id })).revision;
      const read = await client.spaces.content.page.get.query({
        spaceId,
        pageId: page.id,
        revisionId: revision,
        format: 'markdown',
      });
      return { revision, markdown: read.markdown ?? '' };
    },
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
  useEffect(() => {
    if (!base.data) return;
    // Text typed while a save was on its way is kept, and the editor goes on from the version
    // it was made from: the next save names that version, and the server merges the edit into
    // what the target became (what the first save wrote is on both sides, no conflict).
    if (unsavedNow.current && !replacing.current) return;
    replacing.current = false;
    editedFrom.current = base.data.revision;
    setEdited(false);
    setUnsaved(false);
    // The version read is usually the one on screen already: keep the editor (and its selection).
    if (editorToMarkdown(editor.getJSON()) === base.data.markdown) return;
    editor.commands.setContent(markdownToEditor(base.data.markdown, editorSchema), { emitUpdate: false });
  }, [base.data, editor, setUnsaved]);

  const choose = (next: SaveTarget) => {
    setChosen(next);
    // Editing for a change request edits its page; once typed, the edit is merged into it instead.
    if (!edited) setSource(sourceFor(next));
  };
  const reload = () => {
    replacing.current = true;
    setSource(sourceFor(target));
    setReloads((count) => count + 1);
  };

  const save = useMutation({
    mutationFn: async (): Promise<Saved & { typedBefore: number }> => {
      const typedBefore = typed.current;
      const revision = editedFrom.current;
      if (revision === undefined) throw new Error('The page is still loading: try again in a moment.');
      const markdown = editorToMarkdown(editor.getJSON());
      // Images uploaded in the editor go in the same batch, before the page that refers to them.
      const uploads = insertFilesChange(pendingUploadsOf(editor).files, markdown);
      const changes = [
        ...(uploads ? [uploads] : []),
        { operation: 'update_page' as const, page: page.id, document: { markdown } },
      ];
      if (target.kind === 'live') {
        await client.spaces.content.update.mutate({ spaceId, changes, revision });
        return { typedBefore };
      }
      const changeRequestId =
        target.kind === 'changeRequest'
          ? target.id
          : (
              await client.changeRequests.create.mutate({
                spaceId,
                subject: 'Edit ' + (page.title || 'a page'),
              })
            ).id;
      const updated = await client.changeRequests.content.update.mutate({
        spaceId,
        changeRequestId,
        changes,
        revision,
      });
      const changeRequest = 'changeRequest' in updated ? updated.changeRequest : updated;
      return { changeRequest: { id: changeRequest.id, number: changeRequest.number }, typedBefore };
    },
    onSuccess: (saved) => {
      // The uploads are files of the target now: the page refers to them by their ids.
      pendingUploadsOf(editor).files.clear();
      const savedTo: SaveTarget = saved.changeRequest
        ? { kind: 'changeRequest', id: saved.changeRequest.id }
        : { kind: 'live' };
      setChosen(savedTo);
      // Go on from what was saved: the target's page as it is now (with what the merge kept);
      // unless something was typed while the save was on its way: that is still unsaved, and
      // made from the version the editor shows (see the effect above).
      if (typed.current === saved.typedBefore) {
        setUnsaved(false);
        setSource(sourceFor(savedTo));
      }
      void queryClient.invalidateQueries();
    },
  });
  const conflicts = contentConflictsOf(save.error);
  // Editing together: the live space's page (when it is edited live) or the change request's.
  const [together, setTogether] = useState(false);
  // Together, the shared page is saved as people type: this editor's text is not the page's.
  useSaveShortcut(() => {
    if (!together && !save.isPending && base.data) save.mutate();
  });
  const sharedPlace = changeRequest
    ? { spaceId, pageId: page.id, changeRequestId: changeRequest.id }
    : live
      ? { spaceId, pageId: page.id }
      : undefined;
  if (together && sharedPlace)
    return (
      <SharedPageEditor
        organizationId={organizationId}
        place={sharedPlace}
        title={page.title}
        onClose={() => setTogether(false)}
      />
    );

  return (
    <section className="page-editor" aria-label={'Editing ' + (page.title || 'the page')}>
      <UnsavedEditGuard
        unsaved={unsaved}
        closing={closing}
        onClose={onClose}
        onStay={() => setClosing(false)}
        title={page.title}
      />
      <EditorToolbar editor={editor} />
      {base.isError ? (
        <ErrorNotice error={base.error} title="The page could not be opened" retry={reload} />
      ) : base.data ? (
        <EditorFiles
          editor={editor}
          spaceId={spaceId}
          changeRequestId={source.kind === 'changeRequest' ? source.id : undefined}
        >
          <MentionNames organizationId={organizationId} spaceId={spaceId}>
            <EditorContent editor={editor} />
          </MentionNames>
          <SlashMenuList editor={editor} />
          <InsertPicker editor={editor} organizationId={organizationId} spaceId={spaceId} />
        </EditorFiles>
      ) : (
        <Loading label="Opening the page…" />
      )}
      <div className="editor-savebar">
        <label htmlFor={targetId}>Save to</label>
        <select
          id={targetId}
          value={targetValue(target)}
          onChange={(event) => choose(targetOf(event.target.value))}
        >
          {live && <option value="live">The space (live)</option>}
          <option value="new">A new change request</option>
          {openRequests.map((request) => (
            <option key={request.id} value={'cr:' + request.id}>
              {'#' + request.number + ' ' + (request.subject || 'Untitled change request')}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button-primary"
          disabled={save.isPending || !base.data}
          onClick={() => save.mutate()}
        >
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
        {sharedPlace && !edited && (
          <button type="button" className="button" onClick={() => setTogether(true)}>
            Edit together
          </button>
        )}
        <button type="button" className="button" onClick={() => (unsaved ? setClosing(true) : onClose())}>
          Close the editor
        </button>
      </div>
      <p className="muted editor-source">
        {sameSource(source, sourceFor(target))
          ? 'Editing the version of ' + nameOf(source) + '.'
          : 'Editing the version of ' +
            nameOf(source) +
            ': saving merges your edit into ' +
            (target.kind === 'new' ? 'a new change request' : nameOf(target)) +
            ', keeping what it changed.'}
      </p>
      <div aria-live="polite">
        {save.isSuccess &&
          (save.data.changeRequest ? (
            <p className="editor-saved">
              Saved into{' '}
              <Link
                to="/o/$organizationId/s/$spaceId/~/changes/$number"
                params={{ organizationId, spaceId, number: String(save.data.changeRequest.number) }}
              >
                change request #{save.data.changeRequest.number}
              </Link>
              .
            </p>
          ) : (
            <p className="editor-saved">Saved to the space.</p>
          ))}
      </div>
      {save.isError &&
        (conflicts.length > 0 ? (
          <EditConflicts
            conflicts={conflicts}
            where={target.kind === 'new' ? 'the space' : nameOf(target)}
            titleOf={(pageId) => (pageId === page.id ? page.title || 'this page' : undefined)}
            message={apiErrorOf(save.error).message}
            onReload={reload}
          />
        ) : (
          <ErrorNotice error={save.error} title="The page was not saved" retry={() => save.mutate()} />
        ))}
    </section>
  );
}
