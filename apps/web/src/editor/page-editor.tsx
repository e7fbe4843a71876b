/**
 * A page in the WYSIWYG editor (TipTap over ProseMirror). The page's markdown is read without
 * loss (`editor-content.ts`); "Save" sends one batch of content changes (`update_page` with
 * the page's new markdown) live on the space when its edit mode allows it, otherwise into a
 * change request, new or open. A failed save shows the server's message and keeps the
 * editor, and so everything typed, as it is.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EditorContent, useEditor } from '@tiptap/react';
import { useId, useMemo, useState } from 'react';
import { useTRPC, useTRPCClient } from '../api/trpc';
import { ErrorNotice } from '../ui/states';
import { editorToMarkdown, markdownToEditor } from './editor-content';
import { EditorToolbar } from './editor-toolbar';
import { editorExtensions, editorSchema } from './extensions';
import { type SaveTarget, targetOf, targetValue } from './save-target';
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
}: {
  organizationId: string;
  spaceId: string;
  page: EditablePage;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const targetId = useId();
  const initial = useMemo(() => markdownToEditor(page.markdown ?? '', editorSchema), [page.markdown]);
  const editor = useEditor({
    extensions: editorExtensions,
    content: initial,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
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
  const [chosen, setChosen] = useState<SaveTarget | undefined>(undefined);
  const target: SaveTarget = chosen ?? { kind: 'new' };

  const save = useMutation({
    mutationFn: async (): Promise<Saved> => {
      const changes = [
        {
          operation: 'update_page' as const,
          page: page.id,
          document: { markdown: editorToMarkdown(editor.getJSON()) },
        },
      ];
      if (target.kind === 'live') {
        await client.spaces.content.update.mutate({ spaceId, changes });
        return {};
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
      });
      const changeRequest = 'changeRequest' in updated ? updated.changeRequest : updated;
      setChosen({ kind: 'changeRequest', id: changeRequest.id });
      return { changeRequest: { id: changeRequest.id, number: changeRequest.number } };
    },
    onSuccess: () => void queryClient.invalidateQueries(),
  });

  return (
    <section className="page-editor" aria-label={'Editing ' + (page.title || 'the page')}>
      <EditorToolbar editor={editor} />
      <EditorContent editor={editor} />
      <div className="editor-savebar">
        <label htmlFor={targetId}>Save to</label>
        <select
          id={targetId}
          value={targetValue(target)}
          onChange={(event) => setChosen(targetOf(event.target.value))}
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
          disabled={save.isPending}
          onClick={() => save.mutate()}
        >
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close the editor
        </button>
      </div>
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
      {save.isError && (
        <ErrorNotice error={save.error} title="The page was not saved" retry={() => save.mutate()} />
      )}
    </section>
  );
}
