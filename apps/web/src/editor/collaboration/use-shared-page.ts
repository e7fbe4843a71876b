/**
 * Joining a shared page: one Y document and one Hocuspocus provider per page opened, over
 * the server's `/collaboration` socket, authenticated by the browser's session cookie (the
 * provider's token says so), named as the server names shared pages. The page is ready once
 * the provider synced and the content is there (seeded from the base markdown if empty).
 * The provider keeps what is typed while disconnected and sends it when it is back: Yjs
 * merges it with what the others typed meanwhile.
 */
import { HocuspocusProvider } from '@hocuspocus/provider';
import { stateOf } from '@quire/documents/shared-state';
import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { editorSchema } from '../extensions';
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
    };

export const sharedDocumentName = (place: SharedPlace): string =>
  place.changeRequestId
    ? `${place.spaceId}/cr/${place.changeRequestId}/${place.pageId}`
    : `${place.spaceId}/live/${place.pageId}`;

const collaborationUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/collaboration`;

/** The words that tell the server to authenticate the socket by the session cookie. */
const SESSION_TOKEN = 'session';

export function useSharedPage(place: SharedPlace): SharedPage {
  const name = sharedDocumentName(place);
  const [shared, setShared] = useState<SharedPage>({ status: 'joining' });
  useEffect(() => {
    const doc = new Y.Doc();
    const beforeLeave = { current: () => {} };
    let readOnly = false;
    let ready = false;
    const provider = new HocuspocusProvider({
      url: collaborationUrl(),
      name,
      document: doc,
      token: SESSION_TOKEN,
      onAuthenticated: ({ scope }) => {
        readOnly = scope === 'readonly';
      },
      onAuthenticationFailed: ({ reason }) => setShared({ status: 'refused', reason }),
      onSynced: () => {
        if (ready) return;
        // The server's base comes with the first sync; an empty page is seeded from it.
        const start = () => {
          if (ready || !seedIfEmpty(doc, editorSchema)) return;
          ready = true;
          stateOf(doc).unobserve(start);
          setShared({ status: 'ready', doc, provider, readOnly, beforeLeave });
        };
        stateOf(doc).observe(start);
        start();
      },
    });
    setShared({ status: 'joining' });
    return () => {
      beforeLeave.current();
      provider.destroy();
      doc.destroy();
    };
  }, [name]);
  return shared;
}
