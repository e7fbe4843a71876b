/**
 * What a writer writes into a shared page's `quire` map is never what the server saves against
 * (issue 33, review of the shared state), through real WebSockets: Node providers stand in for
 * the web app's editors (`co-editing.test.ts`), and one of them writes the map as any client
 * can. A writer who sets `base` to the head without taking in the API edit that made it (and
 * drops `incoming`) does not make the next save — another person's — revert that edit; one
 * who sets `baseMarkdown` to the content's does not make others' typing count as saved; and a
 * second server that loads the page saves against the revision the first server's copy grew
 * from (told by the relay), not the one a writer put in the map.
 */
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { stateOf } from '@quire/documents';
import { operations } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { collaborationOf } from '../../src/collaboration/register-collaboration';
import { createSpace, grant } from '../support/content';
import { addMember, createOrganization } from '../support/factories';
import type { TestServer } from '../support/test-server';
import { type Editor, join as joinPage, typeParagraph, until } from './editors';
import { type ServersSharingALog, startServersSharingALog } from './servers-sharing-a-log';

process.env.QUIRE_COLLAB_RELAY_WAIT_MS = '50';
let pair: ServersSharingALog;
let server: TestServer;
let other: TestServer;
const opened: HocuspocusProvider[] = [];
beforeAll(async () => {
  pair = await startServersSharingALog(2);
  [server, other] = pair.servers as [TestServer, TestServer];
});
afterAll(async () => {
  for (const provider of opened) provider.destroy();
  await pair.close();
  delete process.env.QUIRE_COLLAB_RELAY_WAIT_MS;
});

const LOADED = 'First line.\n\nMiddle.\n\nLast line.\n';
/** The API's edit: the first line only. */
const FROM_API = 'First line, from the API.\n\nMiddle.\n\nLast line.\n';
/** What the honest editor's content is once they typed: the page as loaded, and a line at its end. */
const TYPED = `${LOADED}\nTyped together.\n`;

function join(token: string, name: string, on: TestServer = server): Editor {
  const editor = joinPage(on, token, name);
  opened.push(editor.provider);
  return editor;
}

/** A page of three lines in a live space, its owner (the honest editor) and another writer. */
async function setUp() {
  const org = await createOrganization(server);
  const space = await createSpace(server, org, { title: 'Handbook' });
  const added = await server.callOperation(operations.spaces.content.update, org.admin, {
    spaceId: space.id,
    changes: [{ operation: 'insert_page', title: 'Guide', document: { markdown: LOADED } }],
  });
  const pageId = (added.changes[0] as { page: { id: string } }).page.id;
  const writer = await addMember(server, org.organization.id, null, { displayName: 'Mal Writer' });
  await grant(server, org, { kind: 'space', id: space.id }, { role: 'edit', users: [writer.user.id] });
  const pageMarkdown = async () =>
    (
      await server.api(`/v1/spaces/${space.id}/content/page/${pageId}?format=markdown`, {
        token: org.admin.token,
      })
    ).body.markdown as string;
  const editByApi = async () => {
    const edited = await server.api(`/v1/spaces/${space.id}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: { changes: [{ operation: 'update_page', page: pageId, document: { markdown: FROM_API } }] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    return edited.body.revision as string;
  };
  return { org, writer, name: `${space.id}/live/${pageId}`, pageMarkdown, editByApi };
}

const reportOn = (doc: Y.Doc) => (stateOf(doc).get('report') as { markdown?: string } | undefined)?.markdown;

describe("a writer's values in the shared map", () => {
  it('a base set to the head, the API edit never taken in: the next save still keeps that edit', async () => {
    const s = await setUp();
    const honest = join(s.org.admin.token, s.name);
    const writer = join(s.writer.token, s.name);
    await Promise.all([honest.synced, writer.synced]);
    const served = collaborationOf(server.app)!.hocuspocus.documents.get(s.name)!;

    const head = await s.editByApi();
    await until(writer.doc, () => stateOf(writer.doc).get('incoming') !== undefined);
    // The writer says the content grew from the head, and drops what would have brought it in.
    writer.doc.transact(() => {
      stateOf(writer.doc).set('base', head);
      stateOf(writer.doc).set('baseMarkdown', FROM_API);
      stateOf(writer.doc).delete('incoming');
    });
    await until(served, () => stateOf(served).get('base') === head && !stateOf(served).has('incoming'));

    // The other editor, whose content never had the API's edit, types at the end and reports.
    typeParagraph(honest.doc, 'Typed together.', TYPED);
    await until(served, () => reportOn(served) === TYPED);
    await collaborationOf(server.app)!.saveAll();

    const saved = await s.pageMarkdown();
    expect(saved).toContain('Typed together.');
    expect(saved, 'the API edit is kept').toContain('First line, from the API.');
  });

  it("a baseMarkdown set to the content's does not make others' typing count as saved", async () => {
    const s = await setUp();
    const honest = join(s.org.admin.token, s.name);
    const writer = join(s.writer.token, s.name);
    await Promise.all([honest.synced, writer.synced]);
    const served = collaborationOf(server.app)!.hocuspocus.documents.get(s.name)!;

    typeParagraph(honest.doc, 'Typed together.', TYPED);
    await until(writer.doc, () => reportOn(writer.doc) === TYPED);
    stateOf(writer.doc).set('baseMarkdown', TYPED);
    await until(served, () => stateOf(served).get('baseMarkdown') === TYPED && reportOn(served) === TYPED);
    await collaborationOf(server.app)!.saveAll();

    expect(await s.pageMarkdown()).toBe(TYPED);
  });

  it('an editor that takes the offered revision in moves the base: nothing more is written', async () => {
    const s = await setUp();
    const honest = join(s.org.admin.token, s.name);
    await honest.synced;
    const served = collaborationOf(server.app)!.hocuspocus.documents.get(s.name)!;
    const head = await s.editByApi();
    await until(honest.doc, () => stateOf(honest.doc).get('incoming') !== undefined);
    // As the web app's editor does: the content becomes the revision's page, then it reports.
    honest.doc.transact(() => {
      stateOf(honest.doc).set('base', head);
      stateOf(honest.doc).set('baseMarkdown', FROM_API);
      stateOf(honest.doc).delete('incoming');
    });
    typeParagraph(honest.doc, 'First line, from the API. Middle. Last line.', FROM_API);
    await until(served, () => reportOn(served) === FROM_API);
    expect(await collaborationOf(server.app)!.sessions.get(s.name)!.save()).toBe('unchanged');
    const space = await server.api(`/v1/spaces/${s.name.split('/')[0]}`, { token: s.org.admin.token });
    expect(space.body.revision).toBe(head);
  });
});

describe('a page loaded on a second server', () => {
  it("saves against the base the first server's copy grew from, not the one a writer put in the map", async () => {
    const s = await setUp();
    const writer = join(s.writer.token, s.name, server);
    await writer.synced;
    const servedFirst = collaborationOf(server.app)!.hocuspocus.documents.get(s.name)!;
    const head = await s.editByApi();
    await until(writer.doc, () => stateOf(writer.doc).get('incoming') !== undefined);
    writer.doc.transact(() => {
      stateOf(writer.doc).set('base', head);
      stateOf(writer.doc).set('baseMarkdown', FROM_API);
      stateOf(writer.doc).delete('incoming');
    });
    await until(servedFirst, () => stateOf(servedFirst).get('base') === head);

    // The honest editor opens the page on the second server, types at the end and reports there.
    const honest = join(s.org.admin.token, s.name, other);
    await honest.synced;
    const servedSecond = collaborationOf(other.app)!.hocuspocus.documents.get(s.name)!;
    typeParagraph(honest.doc, 'Typed together.', TYPED);
    await until(servedSecond, () => reportOn(servedSecond) === TYPED);
    expect(await collaborationOf(other.app)!.sessions.get(s.name)!.save()).toBe('merged');

    const saved = await s.pageMarkdown();
    expect(saved).toContain('Typed together.');
    expect(saved, 'the API edit is kept').toContain('First line, from the API.');
  });
});
