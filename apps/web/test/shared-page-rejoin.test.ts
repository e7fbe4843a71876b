// @vitest-environment node
/**
 * Joining a shared page again after the server restarted (issue 33): editor A typed, the server
 * stopped (saving what it had acknowledged), A typed more while it was gone, the server came
 * back over the same store, and B opened the page first, seeding it from the saved revision.
 * A's document still holds the content as the first load seeded it: sent as it is (what the
 * provider does on its own when it reconnects), the page held its text twice
 * ("Before. Acknowledged. Typed offline. Before. Acknowledged."). A joins again as the web app
 * now does (`rejoin.ts`): the page is not doubled, and what A typed offline comes in once.
 * A lost connection while the server kept the page merges A's document as before.
 */
import { createRequire } from 'node:module';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { contentHashOf, stateOf } from '@quire/documents/shared-state';
import { operations } from '@quire/domain';
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import { afterAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collaborationOf } from '../../server/src/collaboration/register-collaboration';
import { createSpace } from '../../server/test/support/content';
import { createOrganization } from '../../server/test/support/factories';
import { openMemoryStore } from '../../server/test/support/memory-store';
import { startTestServer, type TestServer } from '../../server/test/support/test-server';
import { rejoin, sendUnsaved } from '../src/editor/collaboration/rejoin';
import { seedIfEmpty } from '../src/editor/collaboration/seed-content';
import { editorToMarkdown } from '../src/editor/editor-content';
import { editorSchema } from '../src/editor/extensions';

// The server's WebSocket client (Node 20 has none of its own; the web app depends on none).
const WebSocket = createRequire(new URL('../../server/package.json', import.meta.url))('ws');

const opened: HocuspocusProvider[] = [];
const servers: TestServer[] = [];
let store: Awaited<ReturnType<typeof openMemoryStore>> | undefined;
afterAll(async () => {
  for (const provider of opened) provider.destroy();
  for (const server of servers) await server.close();
  await store?.close();
});

/** Connects `doc` to the page on `server`; resolves once synced and seeded, as the web app's join is. */
function connect(server: TestServer, token: string, name: string, doc: Y.Doc): Promise<HocuspocusProvider> {
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
    opened.push(provider);
  });
}

const markdownOf = (doc: Y.Doc) =>
  editorToMarkdown(yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment('default'), editorSchema).toJSON());

/** Types a paragraph at the end as TipTap's collaboration extension writes it, and reports. */
function typeParagraph(doc: Y.Doc, text: string) {
  doc.transact(() => {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(text)]);
    const fragment = doc.getXmlFragment('default');
    fragment.insert(fragment.length, [paragraph]);
  });
  stateOf(doc).set('report', { markdown: markdownOf(doc), hash: contentHashOf(doc) });
}

function until(doc: Y.Doc, check: () => boolean): Promise<void> {
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

describe('joining a shared page again after the server restarted', () => {
  it('A typed before and during the restart, B seeded the page first: A rejoins without duplicating it', async () => {
    store = await openMemoryStore();
    // Each server closes its store as it stops: the two share one that only the test closes.
    const shared = { store: { ...store, close: async () => {} }, dataDir: '/nonexistent-quire-test' };
    const first = await startTestServer({}, { store: shared });
    servers.push(first);
    const org = await createOrganization(first);
    const space = await createSpace(first, org, { title: 'Restarts' });
    const added = await first.callOperation(operations.spaces.content.update, org.admin, {
      spaceId: space.id,
      changes: [{ operation: 'insert_page', title: 'Kept', document: { markdown: 'Before.\n' } }],
    });
    const pageId = (added.changes[0] as { page: { id: string } }).page.id;
    const name = `${space.id}/live/${pageId}`;

    const ada = new Y.Doc();
    await connect(first, org.admin.token, name, ada);
    typeParagraph(ada, 'Acknowledged.');
    const acknowledged = collaborationOf(first.app)!.hocuspocus.documents.get(name)!;
    await until(
      acknowledged,
      () =>
        (stateOf(acknowledged).get('report') as { markdown?: string })?.markdown?.includes(
          'Acknowledged.',
        ) === true,
    );
    await first.close();
    typeParagraph(ada, 'Typed offline.');

    const second = await startTestServer({}, { store: shared });
    servers.push(second);
    const bob = new Y.Doc();
    await connect(second, org.admin.token, name, bob);
    expect(markdownOf(bob)).toBe('Before.\n\nAcknowledged.\n');

    // A joins again as the web app does: a fresh document, into which A's is brought.
    const adaAgain = new Y.Doc();
    const adaProvider = await connect(second, org.admin.token, name, adaAgain);
    const rejoined = rejoin(ada, adaAgain, editorSchema);
    const served = collaborationOf(second.app)!.hocuspocus.documents.get(name)!;
    // The page is not doubled: A's old content was not put into it.
    expect(markdownOf(served)).toBe('Before.\n\nAcknowledged.\n');
    expect(markdownOf(adaAgain)).toBe('Before.\n\nAcknowledged.\n');
    // What A typed while the server was away is sent as a batch against the revision it was
    // typed from, and comes back into the page as an edit made elsewhere does.
    expect(rejoined).toEqual({
      kind: 'unsaved',
      edit: {
        markdown: 'Before.\n\nAcknowledged.\n\nTyped offline.\n',
        revision: stateOf(ada).get('base'),
        head: stateOf(served).get('base'),
      },
    });
    if (rejoined.kind !== 'unsaved') return;
    let saved = '';
    await sendUnsaved(
      rejoined.edit,
      async (markdown, revision) => {
        const sent = await second.api(`/v1/spaces/${space.id}/content`, {
          method: 'POST',
          token: org.admin.token,
          body: { changes: [{ operation: 'update_page', page: pageId, document: { markdown } }], revision },
        });
        if (sent.status === 409) throw Object.assign(new Error('conflict'), { status: 409 });
        expect(sent.status).toBe(200);
        saved = sent.body.revision;
      },
      (error) => (error as { status?: number }).status === 409,
    );
    await until(bob, () => stateOf(bob).get('incoming') !== undefined);
    expect(stateOf(bob).get('incoming')).toEqual({
      revision: saved,
      markdown: 'Before.\n\nAcknowledged.\n\nTyped offline.\n',
      from: 'Before.\n\nAcknowledged.\n',
    });

    // A connection lost while the server kept the page: the same seed, so A's document merges
    // into the fresh one, and what A typed meanwhile reaches B once.
    adaProvider.destroy();
    typeParagraph(adaAgain, 'Typed during a blip.');
    const adaThird = new Y.Doc();
    await connect(second, org.admin.token, name, adaThird);
    expect(rejoin(adaAgain, adaThird, editorSchema)).toEqual({ kind: 'merged' });
    await until(bob, () => markdownOf(bob).includes('Typed during a blip.'));
    expect(markdownOf(bob)).toBe('Before.\n\nAcknowledged.\n\nTyped during a blip.\n');
  });
});
