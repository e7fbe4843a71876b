/**
 * The page tree of a space (or of a change request) as something a writer edits: it reads the
 * tree at one revision and keeps that revision as the base of every edit made from it; it
 * holds the dialogs (new page, settings, delete) and the outcome of the last edit (where it
 * landed, an undo, the server's refusal or the conflicts), for the sidebar's tree, the page's
 * actions menu and an empty space's first page alike.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useTRPC, useTRPCClient } from '../api/trpc';
import type { TreePage } from '../content/page-tree-rows';
import { DeletePageDialog, NewPageDialog, type NewPageType, PageSettingsDialog } from './page-dialogs';
import { type Outcome, PageOutcome } from './page-outcome';
import { locate, type Place, subtreeOf } from './page-places';
import { type ContentChange, type SentChanges, sendPageChanges } from './send-page-changes';
import { type TreeSource, type TreeTarget, targetOfSource } from './tree-source';

// The cover dialog (its preview, the upload) loads when first opened.
const CoverDialog = lazy(() => import('./cover-dialog').then((module) => ({ default: module.CoverDialog })));

export type PageDialog =
  | { kind: 'new'; type: NewPageType; into: TreePage | null }
  | { kind: 'settings'; page: TreePage }
  | { kind: 'cover'; page: TreePage }
  | { kind: 'delete'; page: TreePage };

/** Where a row of the tree leads: the page's route in the space, or in a change request. */
export type PageLink = (path: string) => { to: string; params: Record<string, string> };

export interface PageEditing {
  organizationId: string;
  spaceId: string;
  source: TreeSource;
  pageLink: PageLink;
  /** The tree on screen, and the revision it was read at (the base of its edits). */
  pages: readonly TreePage[] | undefined;
  revision: string | undefined;
  loading: boolean;
  error: unknown;
  /** Whether the person may edit here (the space's `edit` permission). */
  canEdit: boolean;
  target: TreeTarget;
  pending: boolean;
  open: (dialog: PageDialog) => void;
  move: (page: TreePage, place: Place) => void;
  duplicate: (page: TreePage) => void;
  setHidden: (page: TreePage, hidden: boolean) => void;
}

const PageEditingContext = createContext<PageEditing | null>(null);

/** The tree's editing, or null outside a space (a test rendering a piece alone). */
/** The prefix of every query of a space's editable page tree (all its revisions and change requests). */
export const pageTreeKeyOf = (spaceId: string) => ['page-tree', spaceId] as const;

export function usePageEditing(): PageEditing | null {
  return useContext(PageEditingContext);
}

interface Edit {
  changes: ContentChange[];
  subject: string;
  /** What the outcome says once it landed. */
  done: string;
  /** The changes that take it back, made against the revision the edit was made from. */
  undo?: (base: string | undefined) => ContentChange[];
  /** Open the first page the edit made once the tree shows it. */
  openCreated?: boolean;
  /** Leave the page shown (it was deleted). */
  leave?: boolean;
  /** The revision the batch is made from, when not the tree's (an undo: the revision its edit made). */
  madeFrom?: string | undefined;
  /** Where it goes, when not the tree's target (an undo: where its edit went). */
  to?: TreeTarget;
}

const defaultPageLink: (organizationId: string, spaceId: string) => PageLink =
  (organizationId, spaceId) => (path) => ({
    to: '/o/$organizationId/s/$spaceId/$',
    params: { organizationId, spaceId, _splat: path },
  });

export function PageEditingProvider({
  organizationId,
  spaceId,
  source = { kind: 'space' },
  pageLink,
  children,
}: {
  organizationId: string;
  spaceId: string;
  source?: TreeSource;
  pageLink?: PageLink;
  children: ReactNode;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const space = useQuery(trpc.spaces.get.queryOptions({ spaceId }));
  const changeRequest = useQuery({
    ...trpc.changeRequests.get.queryOptions({
      spaceId,
      changeRequestId: source.kind === 'changeRequest' ? source.id : '',
    }),
    enabled: source.kind === 'changeRequest',
  });
  const revision = source.kind === 'space' ? space.data?.revision : changeRequest.data?.revision;
  // The tree and the revision it was read at, together: the base of an edit is what is on screen.
  const tree = useQuery({
    queryKey: [...pageTreeKeyOf(spaceId), source.kind === 'space' ? '' : source.id, revision ?? ''],
    queryFn: async () => {
      const read = await client.spaces.content.pages.list.query({
        spaceId,
        ...(revision !== undefined ? { revisionId: revision } : {}),
      });
      return { revision, pages: read.pages as TreePage[] };
    },
    enabled: source.kind === 'space' ? space.isSuccess : changeRequest.isSuccess,
    placeholderData: keepPreviousData,
  });
  const pages = tree.data?.pages;
  const base = tree.data?.revision;
  // A change request may be named by its number (the app's addresses): its edits go to its id.
  const target = targetOfSource(
    source.kind === 'changeRequest' && changeRequest.data ? { ...source, id: changeRequest.data.id } : source,
    space.data?.editMode,
  );
  const link = useMemo(
    () => pageLink ?? defaultPageLink(organizationId, spaceId),
    [pageLink, organizationId, spaceId],
  );

  const [dialog, setDialog] = useState<PageDialog | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [openAfter, setOpenAfter] = useState<string | null>(null);
  const { _splat: currentPath } = useParams({ strict: false }) as { _splat?: string };

  const send = useMutation({
    mutationFn: (edit: Edit) =>
      sendPageChanges(client, {
        spaceId,
        target: edit.to ?? target,
        revision: edit.madeFrom ?? base,
        changes: edit.changes,
        subject: edit.subject,
      }),
    onMutate: () => setOutcome(null),
    onSuccess: async (sent: SentChanges, edit) => {
      setDialog(null);
      const madeFrom = base;
      setOutcome({
        kind: 'done',
        message: edit.done,
        landed: sent.landed,
        ...(edit.undo
          ? {
              undo: () => {
                send.mutate({
                  // An undo goes where its edit went (a change request made for it, too).
                  to:
                    sent.landed.kind === 'live'
                      ? { kind: 'live' }
                      : { kind: 'changeRequest', id: sent.landed.id },
                  changes: edit.undo!(madeFrom),
                  subject: edit.subject,
                  done: 'Undone.',
                  madeFrom: sent.revision,
                });
              },
            }
          : {}),
      });
      if (edit.leave)
        await navigate(
          source.kind === 'changeRequest'
            ? {
                to: '/o/$organizationId/s/$spaceId/~/changes/$number',
                params: { organizationId, spaceId, number: String(source.number) },
              }
            : { to: '/o/$organizationId/s/$spaceId', params: { organizationId, spaceId } },
        );
      const stays = sent.landed.kind === 'live' || source.kind === 'changeRequest';
      if (edit.openCreated && stays && sent.created[0]) setOpenAfter(sent.created[0]);
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      if (dialog === null) setOutcome({ kind: 'failed', error });
    },
  });

  // A page just made opens once the tree shows it (its path is the server's to choose).
  useEffect(() => {
    if (openAfter === null || !pages) return;
    const made = locate(pages, openAfter);
    if (!made) return;
    setOpenAfter(null);
    if ((made.page.type ?? 'document') === 'document') void navigate(link(made.page.path) as never);
  }, [openAfter, pages, navigate, link]);

  const title = (page: TreePage) => page.title || 'Untitled';
  /** Undoing: each page back as it was in the revision the edit was made from. */
  const revertTo =
    (all: readonly TreePage[]) =>
    (before: string | undefined): ContentChange[] =>
      all.map((one) => ({
        operation: 'revert_page' as const,
        page: one.id,
        ...(before !== undefined ? { revision: before } : {}),
      }));

  const move = (page: TreePage, place: Place) =>
    send.mutate({
      changes: [{ operation: 'update_page', page: page.id, into: place.into, at: place.at }],
      subject: `Move ${title(page)}`,
      done: `Moved ${title(page)}.`,
      undo: revertTo([page]),
    });

  const editing: PageEditing = {
    organizationId,
    spaceId,
    source,
    pageLink: link,
    pages,
    revision: base,
    loading: tree.isPending,
    error: tree.error ?? space.error ?? changeRequest.error,
    canEdit: space.data?.permissions?.edit === true,
    target,
    pending: send.isPending,
    open: (next) => {
      send.reset();
      setDialog(next);
    },
    move,
    duplicate: (page) =>
      void (async () => {
        const here = pages ? locate(pages, page.id) : null;
        const read =
          (page.type ?? 'document') === 'document'
            ? await client.spaces.content.page.get.query({
                spaceId,
                pageId: page.id,
                format: 'markdown',
                ...(base !== undefined ? { revisionId: base } : {}),
              })
            : undefined;
        send.mutate({
          changes: [
            {
              operation: 'insert_page',
              ...(page.type && page.type !== 'document' ? { type: page.type } : {}),
              title: `${title(page)} (copy)`,
              ...(page.emoji ? { emoji: page.emoji } : {}),
              ...(page.description ? { description: page.description } : {}),
              ...(here?.parent ? { into: here.parent.id } : {}),
              ...(here ? { at: here.index + 1 } : {}),
              ...(read ? { document: { markdown: read.markdown ?? '' } } : {}),
              ...(page.type === 'link' && page.href ? { target: { kind: 'url', url: page.href } } : {}),
            } as ContentChange,
          ],
          subject: `Duplicate ${title(page)}`,
          done: `Duplicated ${title(page)}.`,
          openCreated: true,
        });
      })().catch((error: unknown) => setOutcome({ kind: 'failed', error })),
    setHidden: (page, hidden) =>
      send.mutate({
        changes: [{ operation: 'update_page', page: page.id, hidden }],
        subject: `${hidden ? 'Hide' : 'Show'} ${title(page)}`,
        done: hidden
          ? `${title(page)} is hidden from the navigation.`
          : `${title(page)} is shown in the navigation.`,
      }),
  };

  const close = () => {
    setDialog(null);
    send.reset();
  };
  const sending = { pending: send.isPending, error: send.error, onClose: close };

  return (
    <PageEditingContext.Provider value={editing}>
      {children}
      <PageOutcome
        outcome={outcome}
        organizationId={organizationId}
        spaceId={spaceId}
        pending={send.isPending}
        titleOf={(pageId) => (pages ? locate(pages, pageId)?.page.title : undefined)}
        onDismiss={() => setOutcome(null)}
        onReload={() => {
          setOutcome(null);
          void queryClient.invalidateQueries();
        }}
      />
      {dialog?.kind === 'new' && (
        <NewPageDialog
          {...sending}
          type={dialog.type}
          parentTitle={dialog.into ? title(dialog.into) : undefined}
          onCreate={({ title: named, url }) =>
            send.mutate({
              changes: [
                {
                  operation: 'insert_page',
                  ...(dialog.type !== 'document' ? { type: dialog.type } : {}),
                  title: named,
                  ...(dialog.into ? { into: dialog.into.id } : {}),
                  ...(dialog.type === 'document' ? { document: { markdown: '' } } : {}),
                  ...(dialog.type === 'link' && url !== undefined ? { target: { kind: 'url', url } } : {}),
                } as ContentChange,
              ],
              subject: `Add ${named}`,
              done: `Created ${named}.`,
              openCreated: true,
            })
          }
        />
      )}
      {dialog?.kind === 'settings' && (
        <PageSettingsDialog
          {...sending}
          page={dialog.page}
          onSave={(settings) =>
            send.mutate({
              changes: [
                {
                  operation: 'update_page',
                  page: dialog.page.id,
                  title: settings.title,
                  emoji: settings.emoji,
                  icon: settings.icon,
                  ...((dialog.page.type ?? 'document') === 'document'
                    ? { description: settings.description }
                    : {}),
                },
              ],
              subject: `Edit the settings of ${title(dialog.page)}`,
              done: `Saved the settings of ${settings.title}.`,
            })
          }
        />
      )}
      {dialog?.kind === 'cover' && (
        <Suspense fallback={null}>
          <CoverDialog
            {...sending}
            page={dialog.page}
            spaceId={spaceId}
            changeRequestId={target.kind === 'changeRequest' ? target.id : undefined}
            target={target}
            onSave={(cover, upload) =>
              send.mutate({
                changes: [
                  ...(upload
                    ? [
                        {
                          operation: 'insert_files' as const,
                          files: [
                            {
                              name: upload.name,
                              contentType: upload.contentType,
                              base64: upload.base64,
                              ref: upload.ref,
                            },
                          ],
                        },
                      ]
                    : []),
                  { operation: 'update_page', page: dialog.page.id, cover },
                ],
                subject: `${cover ? 'Set' : 'Remove'} the cover of ${title(dialog.page)}`,
                done: cover
                  ? `Saved the cover of ${title(dialog.page)}.`
                  : `Removed the cover of ${title(dialog.page)}.`,
                undo: revertTo([dialog.page]),
              })
            }
          />
        </Suspense>
      )}
      {dialog?.kind === 'delete' && (
        <DeletePageDialog
          {...sending}
          page={dialog.page}
          subpages={subtreeOf(dialog.page).length - 1}
          onDelete={() =>
            send.mutate({
              changes: [{ operation: 'delete_page', page: dialog.page.id }],
              subject: `Delete ${title(dialog.page)}`,
              done: `Deleted ${title(dialog.page)}.`,
              // Each page of the section comes back, parents before their subpages.
              undo: revertTo(subtreeOf(dialog.page)),
              leave: subtreeOf(dialog.page).some((page) => page.path === currentPath),
            })
          }
        />
      )}
    </PageEditingContext.Provider>
  );
}
