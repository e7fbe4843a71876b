/**
 * Joining a shared page: one Y document and one Hocuspocus provider per page opened, over
 * the server's `/collaboration` socket, authenticated by the browser's session cookie (the
 * provider's token says so), named as the server names shared pages. The page is ready once
 * the provider synced and the content is there (seeded from the base markdown if empty).
 *
 * What is typed while disconnected stays in the document. When the connection is lost, the
 * page is joined again with a fresh document, and the old one is brought into it (`rejoin.ts`):
 * merged by Yjs when the server still has the page as it grew, else (the server restarted, or
 * dropped the page) what was typed and never saved is sent as a batch, so the page is never
 * doubled. The editor then works on the fresh document.
 */

import { HocuspocusProvider } from '@hocuspocus/provider';
import { stateOf } from '@quire/documents/shared-state';
import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { contentConflictsOf } from '../../api/content-conflicts';
import { useTRPCClient } from '../../api/trpc';
import { editorSchema } from '../extensions';
import { rejoin, sendUnsaved, unsavedOf } from './rejoin';
import { applyRemoteUpdatesPerFrame } from './remote-updates-per-frame';
import { seedIfEmpty } from './seed-content';

export interface SharedPlace {
  spaceId: string;
  pageId: string;
  /** Inside a change request (its id): its page; else the live space's. */
  changeRequestId?: string | undefined;
}

export type SharedPage =
  | { status: 'joining' }
  | { status: 'refused'; reason: string }
  | {
      status: 'ready';
      doc: Y.Doc;
      provider: HocuspocusProvider;
      readOnly: boolean;
      /** Called before the provider goes: the editor's last report (set by the editor). */
      beforeLeave: { current: () => void };
      /** Called before others' edits are applied: the editor takes the selection the page shows (set by the editor). */
      beforeOthersChanges: { current: () => void };
      /**
       * What the person must know: what was typed offline could not be sent after joining again,
       * or the server kept closing the connection (the editor is then read-only).
       */
      problem?: Error;
      /**
       * With the server closing the connection each time: sends what was typed and never saved
       * as an ordinary batch (the page editor's save, merged three-way), which the server takes
       * where the shared page's messages were refused (a paste past their largest size).
       */
      saveUnsaved?: () => Promise<void>;
      /** The person's access changed while they were here (the server said so). */
      accessChanged?: boolean;
      /** The change request was merged or archived while they were here: why they read along now. */
      ended?: 'merged' | 'archived';
    };

export const sharedDocumentName = (place: SharedPlace): string =>
  place.changeRequestId
    ? `${place.spaceId}/cr/${place.changeRequestId}/${place.pageId}`
    : `${place.spaceId}/live/${place.pageId}`;

const collaborationUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/collaboration`;

/**
 * Joining again after a connection that ended soon after it joined (within
 * `SHORT_CONNECTION_MS`): the server closing it for what this editor sent looks so. A rule broken
 * by what was typed (a page past the server's size, a paste past the largest message it takes) is
 * broken again by each join, which brings the same document: the editor joined, sent it and was
 * closed again without end, a new socket and the whole page each time. The browser cannot tell
 * such a close from a lost network (the server may drop the socket before its close frame: 1006),
 * so any short connection counts. The first join after one waits `REJOIN_WAIT_MS`, each next one
 * twice as long; after `SHORT_CONNECTIONS` in a row the editor stops, keeps what was typed on
 * screen (read-only), and says what happened. A connection that lasted starts the count again.
 */
const SHORT_CONNECTION_MS = 10_000;
const SHORT_CONNECTIONS = 3;
const REJOIN_WAIT_MS = 1_000;

/** The words that tell the server to authenticate the socket by the session cookie. */
const SESSION_TOKEN = 'session';

/** The server's word that the page's change request was merged or archived, if it is that. */
function endOf(payload: string): 'merged' | 'archived' | undefined {
  try {
    const message = JSON.parse(payload) as { type?: unknown; status?: unknown };
    return message.type === 'ended' && (message.status === 'merged' || message.status === 'archived')
      ? message.status
      : undefined;
  } catch {
    return undefined;
  }
}

/** The server's word that the person's access to the page changed (`seat-recheck.ts`), if it is that. */
function accessChangeOf(payload: string): { readOnly: boolean } | undefined {
  try {
    const message = JSON.parse(payload) as { type?: unknown; readOnly?: unknown };
    return message.type === 'access' && typeof message.readOnly === 'boolean'
      ? { readOnly: message.readOnly }
      : undefined;
  } catch {
    return undefined;
  }
}

const isConflict = (error: unknown) => contentConflictsOf(error).length > 0;

export function useSharedPage(place: SharedPlace): SharedPage {
  const name = sharedDocumentName(place);
  const client = useTRPCClient();
  const { spaceId, pageId, changeRequestId } = place;
  const [shared, setShared] = useState<SharedPage>({ status: 'joining' });
  useEffect(() => {
    const beforeLeave = { current: () => {} };
    const beforeOthersChanges = { current: () => {} };
    let closed = false;
    let current: { doc: Y.Doc; provider: HocuspocusProvider } | undefined;

    /** Sends the page's markdown as a batch against `revision`, as the page editor saves. */
    const write = async (markdown: string, revision: string) => {
      const changes = [{ operation: 'update_page' as const, page: pageId, document: { markdown } }];
      if (changeRequestId)
        await client.changeRequests.content.update.mutate({ spaceId, changeRequestId, changes, revision });
      else await client.spaces.content.update.mutate({ spaceId, changes, revision });
    };

    let retry: ReturnType<typeof setTimeout> | undefined;

    /**
     * Joins the page; `previous` is the document of a connection that was lost, `shortBefore`
     * how many connections in a row ended soon after joining just before this one.
     */
    const join = (previous?: Y.Doc, shortBefore = 0) => {
      const joinedAt = Date.now();
      const doc = new Y.Doc();
      let readOnly = false;
      let ready = false;
      let lost = false;
      const provider = new HocuspocusProvider({
        url: collaborationUrl(),
        name,
        document: doc,
        token: SESSION_TOKEN,
        // This editor's edits (and presence) are sent in a task of their own just after the key's,
        // not inside it: the provider's batching, at its shortest. The key is handled (and drawn)
        // sooner; leaving sends what is pending (`destroy`); a connection lost drops it, and joining
        // again sends what the server lacks, as always.
        flushDelay: 1,
        onAuthenticated: ({ scope }) => {
          readOnly = scope === 'readonly';
        },
        onAuthenticationFailed: ({ reason }) => setShared({ status: 'refused', reason }),
        // The server checks people's access again while they stay: one who may no longer write
        // (signed out elsewhere, demoted, the change request merged) is told, and reads along.
        onStateless: ({ payload }) => {
          const ended = endOf(payload);
          if (ended !== undefined) {
            setShared((now) => (now.status === 'ready' && now.doc === doc ? { ...now, ended } : now));
            return;
          }
          const access = accessChangeOf(payload);
          if (access === undefined) return;
          readOnly = access.readOnly;
          setShared((now) =>
            now.status === 'ready' && now.doc === doc
              ? { ...now, readOnly: access.readOnly, accessChanged: true }
              : now,
          );
        },
        onSynced: () => {
          if (ready) return;
          // The server's base comes with the first sync; an empty page is seeded from it.
          const start = () => {
            if (ready || !seedIfEmpty(doc, editorSchema)) return;
            ready = true;
            stateOf(doc).unobserve(start);
            const rejoined = previous && !readOnly ? rejoin(previous, doc, editorSchema) : undefined;
            setShared({ status: 'ready', doc, provider, readOnly, beforeLeave, beforeOthersChanges });
            if (rejoined?.kind === 'unsaved')
              sendUnsaved(rejoined.edit, write, isConflict).catch((error: unknown) => {
                if (closed || current?.doc !== doc) return;
                const problem = error instanceof Error ? error : new Error(String(error));
                setShared({
                  status: 'ready',
                  doc,
                  provider,
                  readOnly,
                  beforeLeave,
                  beforeOthersChanges,
                  problem,
                });
              });
          };
          stateOf(doc).observe(start);
          start();
        },
        onDisconnect: ({ event }) => {
          // Once joined, a lost connection is joined again with a fresh document (see above);
          // the editor keeps the old one, and what is typed into it, until then.
          if (!ready || lost || closed) return;
          lost = true;
          provider.destroy();
          const inARow = Date.now() - joinedAt < SHORT_CONNECTION_MS ? shortBefore + 1 : 0;
          if (inARow === 0) return join(doc);
          if (inARow <= SHORT_CONNECTIONS) {
            retry = setTimeout(() => join(doc, inARow), REJOIN_WAIT_MS * 2 ** (inARow - 1));
            return;
          }
          const why = event?.reason ? `: ${event.reason}` : ` (${event?.code ?? 'no code'})`;
          const unsaved = unsavedOf(doc, editorSchema);
          setShared({
            status: 'ready',
            doc,
            provider,
            readOnly: true,
            beforeLeave,
            beforeOthersChanges,
            problem: new Error(
              `The server closed the connection each time this page was joined again${why}. What you typed since the last save is shown here but was not saved${unsaved ? ': save it as an edit of the page, or copy it before you leave.' : '.'}`,
            ),
            ...(unsaved
              ? {
                  saveUnsaved: () => sendUnsaved({ ...unsaved, head: unsaved.revision }, write, isConflict),
                }
              : {}),
          });
        },
      });
      // Others' edits come in once a frame, together (until the provider is destroyed).
      applyRemoteUpdatesPerFrame(provider, undefined, () => beforeOthersChanges.current());
      current = { doc, provider };
    };

    setShared({ status: 'joining' });
    join();
    return () => {
      closed = true;
      clearTimeout(retry);
      beforeLeave.current();
      current?.provider.destroy();
      current?.doc.destroy();
    };
  }, [name, client, spaceId, pageId, changeRequestId]);
  return shared;
}
