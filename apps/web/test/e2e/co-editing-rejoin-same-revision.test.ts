/**
 * Joining a shared page again when the server loaded it afresh at the revision the editor's
 * document grew from (issue 33; `rejoin.ts`), with Node editors (`support/node-editor.ts`):
 * the connection was lost, the server dropped the page (no one was left, nothing new to
 * save), and the editor typed meanwhile. The new load has the same `seed` value (it is per
 * revision) but is another load: its `seed` and `incoming` are other items. The old document
 * was merged into the fresh one, carrying the earlier load's `seed`, which only the server
 * sets: the server closed the socket (1008 `sets what only the server sets`), and the web app,
 * joining again with the same document, sent it again, forever; what was typed never arrived.
 */

import type { HocuspocusProvider } from '@hocuspocus/provider';
import { stateOf } from '@quire/documents/shared-state';
import { operations } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collaborationOf } from '../../../server/src/collaboration/register-collaboration';
import { createSpace } from '../../../server/test/support/content';
import { createOrganization } from '../../../server/test/support/factories';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { rejoin, sendUnsaved } from '../../src/editor/collaboration/rejoin';
import { editorSchema } from '../../src/editor/extensions';
import { connect, markdownOf, providers, typeParagraph, until } from './support/node-editor';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const provider of providers) provider.destroy();
  await server?.close();
});

/** Resolves once the provider's socket closes, with its code and reason. */
const closeOf = (provider: HocuspocusProvider) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    provider.on('close', ({ event }: { event: CloseEvent }) =>
      resolve({ code: event.code, reason: event.reason }),
    ),
  );

describe('joining a shared page again after the server loaded it afresh at the same revision', () => {
  it('what was typed offline arrives once; the socket is not closed for setting what only the server sets', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org, { title: 'Dropped' });
    const added = await server.callOperation(operations.spaces.content.update, org.admin, {
      spaceId: space.id,
      changes: [{ operation: 'insert_page', title: 'Kept', document: { markdown: 'Before.\n' } }],
    });
    const pageId = (added.changes[0] as { page: { id: string } }).page.id;
    const name = `${space.id}/live/${pageId}`;
    const collaboration = collaborationOf(server.app)!;

    const ada = new Y.Doc();
    const first = await connect(server, org.admin.token, name, ada);
    // The connection is lost; no one is left and nothing new was typed: the page is dropped.
    first.destroy();
    for (let wait = 0; wait < 100 && collaboration.hocuspocus.documents.has(name); wait++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(collaboration.hocuspocus.documents.has(name)).toBe(false);
    typeParagraph(ada, 'Typed offline.');

    // Joined again as the web app does: loaded afresh, at the same revision, the same seed value.
    const adaAgain = new Y.Doc();
    const again = await connect(server, org.admin.token, name, adaAgain);
    const closed = closeOf(again);
    expect(stateOf(adaAgain).get('seed')).toBe(stateOf(ada).get('seed'));
    const rejoined = rejoin(ada, adaAgain, editorSchema);
    const settled = () =>
      Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve('open'), 300))]);
    expect(await settled()).toBe('open');
    // Another load: the old content is not put in, what was typed is sent as a batch.
    expect(rejoined).toEqual({
      kind: 'unsaved',
      edit: {
        markdown: 'Before.\n\nTyped offline.\n',
        revision: stateOf(ada).get('base'),
        head: stateOf(adaAgain).get('base'),
      },
    });
    if (rejoined.kind !== 'unsaved') return;
    await sendUnsaved(
      rejoined.edit,
      async (markdown, revision) => {
        const sent = await server.api(`/v1/spaces/${space.id}/content`, {
          method: 'POST',
          token: org.admin.token,
          body: { changes: [{ operation: 'update_page', page: pageId, document: { markdown } }], revision },
        });
        expect(sent.status).toBe(200);
      },
      () => false,
    );
    // The revision comes into the page, offered to its editor, which is still connected.
    await until(adaAgain, () => stateOf(adaAgain).get('incoming') !== undefined);
    expect(stateOf(adaAgain).get('incoming')).toMatchObject({ markdown: 'Before.\n\nTyped offline.\n' });
    expect(await settled()).toBe('open');
    expect(markdownOf(adaAgain)).toBe('Before.\n');
  });
});
