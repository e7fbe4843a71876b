/**
 * Co-editing through real WebSockets (issue 33): Hocuspocus providers in Node join one page
 * of a live space as the web app's editors do (an API token as the provider's token here),
 * and stand in for the editor's conversion: they write the content as TipTap's Y XML and
 * report its markdown with the content's hash (`shared-state.ts`). Two writers converge and
 * see each other present; a reader is present but cannot write; an outsider and a stranger
 * are refused; the reported markdown is saved as a revision by its reporter; a revision
 * written through the API reaches the editors as `incoming`, never over their content.
 */
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { contentHashOf, stateOf } from '@quire/documents';
import { operations } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collaborationOf } from '../../src/collaboration/register-collaboration';
import { createSpace, grant } from '../support/content';
import { addMember, createOrganization, type TestMember } from '../support/factories';
import { openMemoryStore } from '../support/memory-store';
import { startTestServer, type TestServer } from '../support/test-server';
import { type Editor, join as joinPage, typeParagraph, until } from './editors';
import { type ServersSharingALog, startServersSharingALog } from './servers-sharing-a-log';

// Two servers over one store and one shared event log (`servers-sharing-a-log.ts`): the tests
// of one server use the first; the page edited across servers uses both. A page loading waits
// this long for the other server's copy (an answer here takes a few ms).
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

/** Joins `name` as the token's person (`editors.ts`), closed with the file's servers. */
function join(token: string, name: string, on: TestServer = server): Editor {
  const editor = joinPage(on, token, name);
  opened.push(editor.provider);
  return editor;
}

const report = (doc: Y.Doc, markdown: string) =>
  stateOf(doc).set('report', { markdown, hash: contentHashOf(doc) });

/** The markdown of a content of paragraphs of plain text, as the editor would convert it. */
const typedMarkdown = (doc: Y.Doc) =>
  doc
    .getXmlFragment('default')
    .toArray()
    .map((paragraph) => `${(paragraph as Y.XmlElement).toArray().join('')}\n`)
    .join('\n');

async function setUp() {
  const org = await createOrganization(server);
  const space = await createSpace(server, org, { title: 'Handbook' });
  const added = await server.callOperation(operations.spaces.content.update, org.admin, {
    spaceId: space.id,
    changes: [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'First line.' } }],
  });
  const pageId = (added.changes[0] as { page: { id: string } }).page.id;
  const [writer, reader, outsider] = await Promise.all([
    addMember(server, org.organization.id, null, { displayName: 'Wren Writer' }),
    addMember(server, org.organization.id, null, { displayName: 'Rae Reader' }),
    addMember(server, org.organization.id, null),
  ]);
  await grant(server, org, { kind: 'space', id: space.id }, { role: 'edit', users: [writer.user.id] });
  await grant(server, org, { kind: 'space', id: space.id }, { role: 'read', users: [reader.user.id] });
  return { org, spaceId: space.id, pageId, name: `${space.id}/live/${pageId}`, writer, reader, outsider };
}

const pageMarkdown = async (member: TestMember, spaceId: string, pageId: string) =>
  (await server.api(`/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`, { token: member.token }))
    .body.markdown as string;

describe('co-editing a page', () => {
  it('two writers converge and see each other; a reader watches but cannot write; others are refused', async () => {
    const s = await setUp();
    const admin = join(s.org.admin.token, s.name);
    const writer = join(s.writer.token, s.name);
    const reader = join(s.reader.token, s.name);
    expect(await admin.admitted).toBe('read-write');
    expect(await writer.admitted).toBe('read-write');
    expect(await reader.admitted).toBe('readonly');
    await Promise.all([admin.synced, writer.synced, reader.synced]);
    // The base the editors seed from: the page as the live space holds it.
    expect(stateOf(writer.doc).get('baseMarkdown')).toBe('First line.\n');

    typeParagraph(admin.doc, 'From the admin', 'From the admin');
    typeParagraph(writer.doc, 'From the writer', 'From the writer');
    const both = (doc: Y.Doc) => () => {
      const text = doc.getXmlFragment('default').toString();
      return text.includes('From the admin') && text.includes('From the writer');
    };
    await Promise.all([until(admin.doc, both(admin.doc)), until(writer.doc, both(writer.doc))]);
    expect(admin.doc.getXmlFragment('default').toString()).toBe(
      writer.doc.getXmlFragment('default').toString(),
    );

    // The reader types: its update is refused, so no one else gets it.
    typeParagraph(reader.doc, 'From the reader', 'From the reader');
    await until(reader.doc, both(reader.doc));
    // A later change of the admin's reaches the writer after anything the reader sent would have.
    typeParagraph(admin.doc, 'Last', 'Last');
    await until(writer.doc, () => writer.doc.getXmlFragment('default').toString().includes('Last'));
    expect(writer.doc.getXmlFragment('default').toString()).not.toContain('From the reader');
    const served = collaborationOf(server.app)!.hocuspocus.documents.get(s.name)!;
    expect(served.getXmlFragment('default').toString()).not.toContain('From the reader');

    // Presence: the writer sees the reader, named as the server knows them, whatever they claim.
    reader.provider.setAwarenessField('user', { name: 'Not Rae', color: '#112233' });
    await new Promise<void>((resolve) => {
      const look = () => {
        const names = [...writer.provider.awareness!.getStates().values()].map((state) => state.user?.name);
        if (names.includes('Rae Reader')) resolve();
      };
      writer.provider.awareness!.on('change', look);
      look();
    });
    const rae = [...writer.provider.awareness!.getStates().values()].find(
      (state) => state.user?.name === 'Rae Reader',
    );
    expect(rae?.user).toMatchObject({
      name: 'Rae Reader',
      color: '#112233',
      readOnly: true,
      id: s.reader.user.id,
    });

    await expect(join(s.outsider.token, s.name).admitted).rejects.toThrow('not_found');
    await expect(join('not-a-token', s.name).admitted).rejects.toThrow('unauthenticated');
    await expect(join(s.writer.token, `${s.spaceId}/live/nosuchpage`).admitted).rejects.toThrow('not_found');
    await expect(join(s.writer.token, 'not a name').admitted).rejects.toThrow('not_found');
  });

  it('saves the reported markdown as a revision by its reporter, and brings an API edit in', async () => {
    const s = await setUp();
    const writer = join(s.writer.token, s.name);
    await writer.synced;
    const collaboration = collaborationOf(server.app)!;
    // A report of content the server does not have (stale) is not saved.
    stateOf(writer.doc).set('report', { markdown: 'Stale', hash: '0000000000000000' });
    typeParagraph(writer.doc, 'First line. And more.', 'First line. And more.\n');
    const served = collaboration.hocuspocus.documents.get(s.name)!;
    await until(
      served,
      () => (stateOf(served).get('report') as { markdown?: string })?.markdown === 'First line. And more.\n',
    );
    await collaboration.saveAll();
    expect(await pageMarkdown(s.writer, s.spaceId, s.pageId)).toBe('First line. And more.\n');
    await until(writer.doc, () => stateOf(writer.doc).get('baseMarkdown') === 'First line. And more.\n');
    const space = await server.api(`/v1/spaces/${s.spaceId}`, { token: s.writer.token });
    expect(stateOf(writer.doc).get('base')).toBe(space.body.revision);
    const history = await server.api(`/v1/spaces/${s.spaceId}/revisions/${space.body.revision}`, {
      token: s.writer.token,
    });
    expect(history.status).toBe(200);

    // Saving again with nothing new writes nothing.
    await collaboration.saveAll();
    expect((await server.api(`/v1/spaces/${s.spaceId}`, { token: s.writer.token })).body.revision).toBe(
      space.body.revision,
    );

    // Someone edits the page through the API while the writer has it open: it comes in.
    const edited = await server.api(`/v1/spaces/${s.spaceId}/content`, {
      method: 'POST',
      token: s.org.admin.token,
      body: {
        changes: [{ operation: 'update_page', page: s.pageId, document: { markdown: 'From the API.\n' } }],
      },
    });
    expect(edited.status).toBe(200);
    await until(writer.doc, () => stateOf(writer.doc).get('incoming') !== undefined);
    expect(stateOf(writer.doc).get('incoming')).toEqual({
      revision: edited.body.revision,
      markdown: 'From the API.\n',
      from: 'First line. And more.\n',
    });
    // Nothing was overwritten: the shared content is still the writer's until an editor applies it.
    expect(writer.doc.getXmlFragment('default').toString()).toContain('First line. And more.');
  });

  it('edits a page inside a change request: saved into it, the live page untouched; a reader of the space only reads', async () => {
    const s = await setUp();
    const request = await server.api(`/v1/spaces/${s.spaceId}/change-requests`, {
      method: 'POST',
      token: s.writer.token,
      body: { subject: 'Together' },
    });
    expect(request.status).toBe(201);
    const name = `${s.spaceId}/cr/${request.body.id}/${s.pageId}`;
    const writer = join(s.writer.token, name);
    const reader = join(s.reader.token, name);
    expect(await writer.admitted).toBe('read-write');
    expect(await reader.admitted).toBe('readonly');
    await Promise.all([writer.synced, reader.synced]);
    typeParagraph(writer.doc, 'In the change request', 'In the change request\n');
    const collaboration = collaborationOf(server.app)!;
    const served = collaboration.hocuspocus.documents.get(name)!;
    await until(
      served,
      () => (stateOf(served).get('report') as { markdown?: string })?.markdown === 'In the change request\n',
    );
    await collaboration.saveAll();
    const inRequest = await server.api(
      `/v1/spaces/${s.spaceId}/change-requests/${request.body.id}/content/page/${s.pageId}?format=markdown`,
      { token: s.writer.token },
    );
    expect(inRequest.body.markdown).toBe('In the change request\n');
    expect(await pageMarkdown(s.writer, s.spaceId, s.pageId)).toBe('First line.\n');
    // A number is no name of it: the document of a change request is named by its id.
    await expect(
      join(s.writer.token, `${s.spaceId}/cr/${request.body.number}/${s.pageId}`).admitted,
    ).rejects.toThrow('forbidden');
  });

  it('merges or archives a change request with what its writer typed a moment before, and tells the writer at once', async () => {
    const s = await setUp();
    const open = async (subject: string) => {
      const request = await server.api(`/v1/spaces/${s.spaceId}/change-requests`, {
        method: 'POST',
        token: s.writer.token,
        body: { subject },
      });
      const writer = join(s.writer.token, `${s.spaceId}/cr/${request.body.id}/${s.pageId}`);
      await writer.synced;
      // As the web app's editor: it reports when the server asks (before a merge), and hears
      // when the change request takes no more edits.
      const heard: unknown[] = [];
      const told = new Promise<unknown[]>((tell) =>
        writer.provider.on('stateless', ({ payload }: { payload: string }) => {
          const message = JSON.parse(payload) as { type: string };
          if (message.type === 'report') return report(writer.doc, typedMarkdown(writer.doc));
          heard.push(message);
          if (message.type === 'access') tell(heard);
        }),
      );
      // Typed, not yet reported: its editor reports once the typing pauses, and the server
      // saves a few seconds after that.
      writer.doc.transact(() => {
        const paragraph = new Y.XmlElement('paragraph');
        paragraph.insert(0, [new Y.XmlText(`Typed just before: ${subject}`)]);
        writer.doc.getXmlFragment('default').insert(0, [paragraph]);
      });
      const served = collaborationOf(server.app)!.hocuspocus.documents.get(
        `${s.spaceId}/cr/${request.body.id}/${s.pageId}`,
      )!;
      await until(served, () => served.getXmlFragment('default').toString().includes('Typed just before'));
      return { id: request.body.id as string, told };
    };

    const merged = await open('merged');
    const merge = await server.api(`/v1/spaces/${s.spaceId}/change-requests/${merged.id}/merge`, {
      method: 'POST',
      token: s.org.admin.token,
      body: {},
    });
    expect(merge.body.result).toBe('merge');
    expect(await pageMarkdown(s.writer, s.spaceId, s.pageId)).toBe('Typed just before: merged\n');
    expect(await merged.told).toEqual([
      { type: 'ended', status: 'merged' },
      { type: 'access', readOnly: true },
    ]);

    const archived = await open('archived');
    const archive = await server.api(`/v1/spaces/${s.spaceId}/change-requests/${archived.id}`, {
      method: 'PATCH',
      token: s.writer.token,
      body: { status: 'archived' },
    });
    expect(archive.body.status).toBe('archived');
    const kept = await server.api(
      `/v1/spaces/${s.spaceId}/change-requests/${archived.id}/content/page/${s.pageId}?format=markdown`,
      { token: s.writer.token },
    );
    expect(kept.body.markdown).toBe('Typed just before: archived\n');
    expect(await archived.told).toEqual([
      { type: 'ended', status: 'archived' },
      { type: 'access', readOnly: true },
    ]);

    // A merge that settles, then finds the space changed the same line: conflicts, nothing
    // merged, and the audit log names no merge of it (the settle's save is the writer's own).
    const conflicting = await open('conflicting');
    await server.callOperation(operations.spaces.content.update, s.org.admin, {
      spaceId: s.spaceId,
      changes: [
        { operation: 'update_page', page: s.pageId, document: { markdown: 'Changed in the space.' } },
      ],
    });
    const refused = await server.api(`/v1/spaces/${s.spaceId}/change-requests/${conflicting.id}/merge`, {
      method: 'POST',
      token: s.org.admin.token,
      body: {},
    });
    expect(refused.body.result).toBe('conflicts');
    const merges = await server.api(
      `/v1/orgs/${s.org.organization.id}/audit-events?action=changeRequests.merge`,
      { token: s.org.admin.token },
    );
    expect(merges.body.items.map((event: { target: { id: string } }) => event.target.id)).toEqual([
      merged.id,
    ]);
  }, 20_000);

  it('disconnects a client that sends a message over the size limit; the others go on', async () => {
    const s = await setUp();
    const writer = join(s.writer.token, s.name);
    const admin = join(s.org.admin.token, s.name);
    await Promise.all([writer.synced, admin.synced]);
    const closed = new Promise<number>((resolve) =>
      writer.provider.on('close', ({ event }: { event: CloseEvent }) => resolve(event.code)),
    );
    // One update of more than the default 1 MiB a message may hold.
    writer.doc.getText('flood').insert(0, 'x'.repeat(1024 * 1024 + 1));
    expect(await closed).toBe(1009);
    writer.provider.destroy();
    typeParagraph(admin.doc, 'Still here', 'Still here\n');
    const served = collaborationOf(server.app)!.hocuspocus.documents.get(s.name)!;
    await until(served, () => served.getXmlFragment('default').toString().includes('Still here'));
    expect(served.getText('flood').length).toBe(0);
  });

  it("a change request's page hears a batch edit of the change request and an update from the space", async () => {
    const s = await setUp();
    const request = await server.api(`/v1/spaces/${s.spaceId}/change-requests`, {
      method: 'POST',
      token: s.writer.token,
      body: { subject: 'Heard' },
    });
    const name = `${s.spaceId}/cr/${request.body.id}/${s.pageId}`;
    const writer = join(s.writer.token, name);
    await writer.synced;
    const incoming = () =>
      stateOf(writer.doc).get('incoming') as { revision: string; markdown: string } | undefined;

    // The API's batch edit of the change request, while the writer has its page open.
    const edited = await server.api(`/v1/spaces/${s.spaceId}/change-requests/${request.body.id}/content`, {
      method: 'POST',
      token: s.org.admin.token,
      body: {
        changes: [
          { operation: 'update_page', page: s.pageId, document: { markdown: 'Batch in the request.\n' } },
        ],
      },
    });
    expect(edited.status).toBe(200);
    await until(writer.doc, () => incoming()?.markdown === 'Batch in the request.\n');
    expect(incoming()).toEqual({
      revision: edited.body.revision,
      markdown: 'Batch in the request.\n',
      from: 'First line.\n',
    });
    // The editors apply it (as the web app's editor does) and report the content: the server's
    // base moves with it once that report is the revision's markdown.
    writer.doc.transact(() => {
      const fragment = writer.doc.getXmlFragment('default');
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText('Batch in the request.')]);
      fragment.insert(fragment.length, [paragraph]);
      stateOf(writer.doc).set('base', edited.body.revision);
      stateOf(writer.doc).set('baseMarkdown', 'Batch in the request.\n');
      stateOf(writer.doc).delete('incoming');
    });
    report(writer.doc, 'Batch in the request.\n');
    const served = collaborationOf(server.app)!.hocuspocus.documents.get(name)!;
    await until(
      served,
      () => (stateOf(served).get('report') as { markdown?: string })?.markdown === 'Batch in the request.\n',
    );

    // The space's page changes elsewhere; the change request is brought up to date with it.
    await server.callOperation(operations.spaces.content.update, s.org.admin, {
      spaceId: s.spaceId,
      changes: [{ operation: 'insert_page', title: 'Elsewhere', document: { markdown: 'Another page.' } }],
    });
    const updated = await server.api(`/v1/spaces/${s.spaceId}/change-requests/${request.body.id}/update`, {
      method: 'POST',
      token: s.writer.token,
      body: {},
    });
    expect(updated.status).toBe(200);
    expect(updated.body.result).toBe('update');
    // The page is the same there: the base moves, nothing comes in, nothing typed is touched.
    await until(writer.doc, () => stateOf(writer.doc).get('base') === updated.body.revision);
    expect(incoming()).toBeUndefined();
    expect(writer.doc.getXmlFragment('default').toString()).toContain('Batch in the request.');
    // The live space's sessions did not take the change request's revisions.
    expect(await pageMarkdown(s.writer, s.spaceId, s.pageId)).toBe('First line.\n');
  });

  it('two servers over one store and one event log: keystrokes and presence cross, one revision is saved', async () => {
    const s = await setUp();
    const onFirst = join(s.writer.token, s.name, server);
    await onFirst.synced;
    typeParagraph(onFirst.doc, 'From the first server', 'From the first server\n');
    const first = collaborationOf(server.app)!;
    const second = collaborationOf(other.app)!;
    const servedFirst = first.hocuspocus.documents.get(s.name)!;
    await until(servedFirst, () =>
      servedFirst.getXmlFragment('default').toString().includes('From the first'),
    );

    // The second server loads the page from what the first holds before its editor syncs.
    const onSecond = join(s.org.admin.token, s.name, other);
    expect(await onSecond.admitted).toBe('read-write');
    await onSecond.synced;
    expect(onSecond.doc.getXmlFragment('default').toString()).toContain('From the first server');
    const servedSecond = second.hocuspocus.documents.get(s.name)!;
    // One base and one seed for the page: the first server's.
    expect(stateOf(servedSecond).toJSON()).toMatchObject({
      base: stateOf(servedFirst).get('base'),
      seed: stateOf(servedFirst).get('seed'),
    });

    // Both type at once: they converge, on both servers.
    const publishedByFirst = first.relay!.counters.published;
    typeParagraph(onSecond.doc, 'From the second server', 'x');
    typeParagraph(onFirst.doc, 'Again from the first', 'y');
    const all = (doc: Y.Doc) => () => {
      const text = doc.getXmlFragment('default').toString();
      return text.includes('From the second server') && text.includes('Again from the first');
    };
    await Promise.all([until(onFirst.doc, all(onFirst.doc)), until(onSecond.doc, all(onSecond.doc))]);
    const text = onFirst.doc.getXmlFragment('default').toString();
    expect(onSecond.doc.getXmlFragment('default').toString()).toBe(text);
    expect(servedFirst.getXmlFragment('default').toString()).toBe(text);
    expect(servedSecond.getXmlFragment('default').toString()).toBe(text);
    // Never echoed: what the first server applied from the second it did not publish again
    // (it published its own editor's paragraph and report, and that editor's awareness at most).
    expect(first.relay!.counters.published - publishedByFirst).toBeLessThanOrEqual(3);

    // Presence: each sees the other, named as their server knows them.
    onFirst.provider.setAwarenessField('user', { name: 'Claimed', color: '#aa0000' });
    onSecond.provider.setAwarenessField('user', { name: 'Claimed', color: '#00aa00' });
    const sees = (editor: Editor, name: string) =>
      new Promise<void>((resolve) => {
        const look = () => {
          const names = [...editor.provider.awareness!.getStates().values()].map((state) => state.user?.name);
          if (names.includes(name)) resolve();
        };
        editor.provider.awareness!.on('change', look);
        look();
      });
    const admin = await server.api('/v1/user', { token: s.org.admin.token });
    await Promise.all([sees(onFirst, admin.body.displayName), sees(onSecond, 'Wren Writer')]);

    // One editor reports; the report crosses; both servers save; one revision is written.
    const before = (await server.api(`/v1/spaces/${s.spaceId}`, { token: s.writer.token })).body.revision;
    const markdown =
      'First line.\n\nFrom the first server\n\nFrom the second server\n\nAgain from the first\n';
    report(onSecond.doc, markdown);
    for (const served of [servedFirst, servedSecond])
      await until(
        served,
        () => (stateOf(served).get('report') as { markdown?: string })?.markdown === markdown,
      );
    // Both servers save the page at once (as their debounces may): the server whose editor
    // reported saves it; the other leaves it to that one.
    const saves = await Promise.all([
      first.sessions.get(s.name)!.save(),
      second.sessions.get(s.name)!.save(),
    ]);
    expect(saves).toEqual(['nothing', 'saved']);
    const after = await server.api(`/v1/spaces/${s.spaceId}`, { token: s.writer.token });
    expect(after.body.revision).not.toBe(before);
    const revision = await server.api(`/v1/spaces/${s.spaceId}/revisions/${after.body.revision}`, {
      token: s.writer.token,
    });
    expect(revision.body.parents).toEqual([before]);
    expect(await pageMarkdown(s.writer, s.spaceId, s.pageId)).toBe(markdown);
    // The base moved on both servers, and their editors.
    await until(onFirst.doc, () => stateOf(onFirst.doc).get('base') === after.body.revision);
    expect(stateOf(servedFirst).get('base')).toBe(after.body.revision);
  });

  it('loses nothing acknowledged when the server stops: it saves before closing, into the store', async () => {
    const store = await openMemoryStore();
    const first = await startTestServer({}, { store: { store, dataDir: '/nonexistent-quire-test' } });
    const org = await createOrganization(first);
    const space = await createSpace(first, org, { title: 'Restarts' });
    const added = await first.callOperation(operations.spaces.content.update, org.admin, {
      spaceId: space.id,
      changes: [{ operation: 'insert_page', title: 'Kept', document: { markdown: 'Before.' } }],
    });
    const pageId = (added.changes[0] as { page: { id: string } }).page.id;
    const name = `${space.id}/live/${pageId}`;
    const editor = join(org.admin.token, name, first);
    await editor.synced;
    typeParagraph(editor.doc, 'Typed before the stop.', 'Typed before the stop.\n');
    // Acknowledged: the server holds the content and its report.
    const served = collaborationOf(first.app)!.hocuspocus.documents.get(name)!;
    await until(
      served,
      () => (stateOf(served).get('report') as { markdown?: string })?.markdown === 'Typed before the stop.\n',
    );
    // The editor is still connected when the server stops.
    await first.close();
    editor.provider.destroy();

    try {
      // The store outlives the server (the test opened it): what the next server would read.
      const read = await first.callOperation(operations.spaces.content.page.get, org.admin, {
        spaceId: space.id,
        pageId,
        format: 'markdown',
      });
      expect(read.markdown).toBe('Typed before the stop.\n');
    } finally {
      await store.close();
    }
  });
});
