/**
 * An editor of a shared page in Node, as the web app's is (issue 33): a Hocuspocus provider
 * over the server's WebSocket (the server's own `ws` client: Node 20 has none, the web app
 * depends on none), seeded with the web app's `seedIfEmpty` and converted with its schema;
 * typing writes TipTap's Y XML and reports the markdown as the editor does.
 */
import { createRequire } from 'node:module';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { contentHashOf, stateOf } from '@quire/documents/shared-state';
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import type { TestServer } from '../../../../server/test/support/test-server';
import { seedIfEmpty } from '../../../src/editor/collaboration/seed-content';
import { editorToMarkdown } from '../../../src/editor/editor-content';
import { editorSchema } from '../../../src/editor/extensions';

const WebSocket = createRequire(new URL('../../../../server/package.json', import.meta.url))('ws');

/** Every provider opened, for the test file to destroy. */
export const providers: HocuspocusProvider[] = [];

/** Connects `doc` to the page on `server`; resolves once synced and seeded, as the web app's join is. */
export function connect(
  server: TestServer,
  token: string,
  name: string,
  doc: Y.Doc,
): Promise<HocuspocusProvider> {
  return new Promise((resolve, reject) => {
    const websocketProvider = new HocuspocusProviderWebsocket({
      url: server.url.replace('http', 'ws') + '/collaboration',
      WebSocketPolyfill: WebSocket,
      maxAttempts: 1,
    });
    const provider: HocuspocusProvider = new HocuspocusProvider({
      websocketProvider,
      name,
      document: doc,
      token,
      onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
      onSynced: () => {
        const ready = () => {
          if (!seedIfEmpty(doc, editorSchema)) return;
          stateOf(doc).unobserve(ready);
          resolve(provider);
        };
        stateOf(doc).observe(ready);
        ready();
      },
    });
    provider.attach();
    providers.push(provider);
  });
}

export const markdownOf = (doc: Y.Doc) =>
  editorToMarkdown(yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment('default'), editorSchema).toJSON());

/** Types a paragraph at the end as TipTap's collaboration extension writes it, and reports. */
export function typeParagraph(doc: Y.Doc, text: string) {
  doc.transact(() => {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(text)]);
    const fragment = doc.getXmlFragment('default');
    fragment.insert(fragment.length, [paragraph]);
  });
  stateOf(doc).set('report', { markdown: markdownOf(doc), hash: contentHashOf(doc) });
}

export function until(doc: Y.Doc, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = () => {
      if (!check()) return;
      doc.off('update', look);
      resolve();
    };
    doc.on('update', look);
    look();
  });
}
