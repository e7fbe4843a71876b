/**
 * What an admitted client may send (`socket-guard.ts`, `own-presence.ts`, `presence-throttle.ts`,
 * `document-budget.ts`), through real WebSockets: presence only of its own client id, small,
 * and applied a few times a second; updates only to the editor's types, within the document's
 * cap and the connection's bytes per window. A client breaking a rule is disconnected; the
 * others go on. A 1 MB page of text still works.
 */
import { contentHashOf, stateOf } from '@quire/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { startTestServer, type TestServer } from '../support/test-server';
import { FileEditors, pageWithPeople, presenceMessage, sendRaw, servedDocument, until } from './editors';

// The document's cap, small enough to pass here: a page of 1 MB and its report of 1 MB fit.
const DOCUMENT_BYTES = 2.5 * 1024 * 1024;
let server: TestServer;
const editors = new FileEditors();
beforeAll(async () => {
  process.env.QUIRE_COLLAB_MAX_DOCUMENT_BYTES = String(DOCUMENT_BYTES);
  server = await startTestServer();
});
afterAll(async () => {
  editors.destroy();
  await server.close();
  delete process.env.QUIRE_COLLAB_MAX_DOCUMENT_BYTES;
});

const served = (name: string) => servedDocument(server, name)!;
const presenceOn = (name: string, clientId: number) =>
  served(name).awareness.getStates().get(clientId) as { user?: { name?: string }; mark?: number } | undefined;

/** Writes one paragraph of `text` the way TipTap's collaboration extension does. */
function typeParagraph(doc: Y.Doc, text: string) {
  doc.transact(() => {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(text)]);
    const fragment = doc.getXmlFragment('default');
    fragment.insert(fragment.length, [paragraph]);
  });
}

describe('what an admitted client may send', () => {
  it("sets only its own presence: another's is not changed, made-up people close the socket", async () => {
    const s = await pageWithPeople(server);
    const writer = editors.join(server, s.writer.token, s.name);
    const reader = editors.join(server, s.reader.token, s.name);
    await Promise.all([writer.synced, reader.synced]);
    const writerId = writer.provider.awareness!.clientID;
    const readerId = reader.provider.awareness!.clientID;
    writer.provider.setAwarenessField('mark', 1);
    await until(served(s.name).awareness, () => presenceOn(s.name, writerId)?.mark === 1, 'change');

    // The reader overwrites the writer's presence (a later clock), then marks its own.
    sendRaw(
      reader,
      presenceMessage(s.name, new Map([[writerId, { mark: 666, user: { name: 'Fake' } }]]), 1000),
    );
    reader.provider.setAwarenessField('mark', 2);
    await until(served(s.name).awareness, () => presenceOn(s.name, readerId)?.mark === 2, 'change');
    expect(presenceOn(s.name, writerId)).toMatchObject({ mark: 1, user: { name: 'Wren Writer' } });
    expect(presenceOn(s.name, readerId)).toMatchObject({ user: { name: 'Rae Reader' } });

    // 5,000 made-up people in one message: far more than one person's state; the socket is closed.
    const crowd = new Map<number, Record<string, unknown>>();
    for (let id = 1; id <= 5000; id++) crowd.set(id, { user: { name: `Ghost ${id}` } });
    sendRaw(reader, presenceMessage(s.name, crowd));
    expect(await reader.closed).toEqual({ code: 1008, reason: 'presence too large' });
    await until(served(s.name).awareness, () => presenceOn(s.name, readerId) === undefined, 'change');
    expect([...served(s.name).awareness.getStates().keys()]).toEqual([writerId]);
  });

  it('keeps a caret only in the shape editors read: one they could not read is dropped, the person stays', async () => {
    const s = await pageWithPeople(server);
    const writer = editors.join(server, s.writer.token, s.name);
    const reader = editors.join(server, s.reader.token, s.name);
    await Promise.all([writer.synced, reader.synced]);
    typeParagraph(writer.doc, 'A line.');
    await until(reader.doc, () => reader.doc.getXmlFragment('default').length === 1);
    const cursorOn = (clientId: number) =>
      (served(s.name).awareness.getStates().get(clientId) as { cursor?: unknown } | undefined)?.cursor;

    // A caret as y-tiptap writes it (a Yjs relative position, nulls and all) comes through.
    const start = Y.createRelativePositionFromTypeIndex(writer.doc.getXmlFragment('default'), 0);
    writer.provider.setAwarenessField('cursor', { anchor: start, head: start });
    const writerId = writer.provider.awareness!.clientID;
    await until(served(s.name).awareness, () => cursorOn(writerId) != null, 'change');
    const kept = cursorOn(writerId) as { anchor: unknown; head: unknown };
    expect(kept.anchor).toMatchObject({ tname: 'default', item: { client: writerId, clock: 0 }, assoc: 0 });
    const resolved = Y.createAbsolutePositionFromRelativePosition(
      Y.createRelativePositionFromJSON(kept.head),
      served(s.name),
    );
    expect(resolved?.index).toBe(0);

    // Carets no editor can read (each threw in every editor of the page, on every remote edit).
    const readerId = reader.provider.awareness!.clientID;
    const unreadable = [
      {},
      { anchor: null, head: null },
      { anchor: {}, head: {} },
      { anchor: { item: { client: 'x', clock: 1 } }, head: { item: { client: 'x', clock: 1 } } },
      { anchor: { tname: 'junk' }, head: { tname: 'junk' } },
      'caret',
    ];
    for (const [mark, cursor] of unreadable.entries()) {
      reader.provider.setAwarenessField('cursor', cursor);
      reader.provider.setAwarenessField('mark', mark + 1);
      await until(served(s.name).awareness, () => presenceOn(s.name, readerId)?.mark === mark + 1, 'change');
      expect(cursorOn(readerId)).toBeNull();
      expect(presenceOn(s.name, readerId)).toMatchObject({ user: { name: 'Rae Reader' } });
    }
  });

  it("applies a flood of one's own presence a few times a second, and its last state", async () => {
    const s = await pageWithPeople(server);
    const writer = editors.join(server, s.writer.token, s.name);
    await writer.synced;
    const writerId = writer.provider.awareness!.clientID;
    let applied = 0;
    served(s.name).awareness.on('update', ({ updated, added }: { updated: number[]; added: number[] }) => {
      if ([...updated, ...added].includes(writerId)) applied++;
    });
    for (let mark = 1; mark <= 200; mark++) writer.provider.setAwarenessField('mark', mark);
    await until(served(s.name).awareness, () => presenceOn(s.name, writerId)?.mark === 200, 'change');
    // Ten a second, and the one held at the end of each: sent in far less than ten seconds.
    expect(applied).toBeLessThan(100);
  });

  it('closes the socket of an update to a type the editor does not use; nothing of it is applied', async () => {
    const s = await pageWithPeople(server);
    const writer = editors.join(server, s.writer.token, s.name);
    const other = editors.join(server, s.org.admin.token, s.name);
    await Promise.all([writer.synced, other.synced]);
    writer.doc.getArray('junk').push(Array.from({ length: 1000 }, (_, index) => index));
    expect(await writer.closed).toEqual({ code: 1008, reason: 'not a type of the editor' });
    typeParagraph(other.doc, 'Still here');
    await until(served(s.name), () =>
      served(s.name).getXmlFragment('default').toString().includes('Still here'),
    );
    expect(served(s.name).share.has('junk')).toBe(false);
  });

  it("closes the socket of a writer's update that sets `seed` or `incoming`; an editor may delete `incoming`", async () => {
    const s = await pageWithPeople(server);
    const page = () => served(s.name);
    const seedWriter = editors.join(server, s.writer.token, s.name);
    const other = editors.join(server, s.org.admin.token, s.name);
    await Promise.all([seedWriter.synced, other.synced]);
    const seed = stateOf(page()).get('seed');
    expect(typeof seed).toBe('number');
    // Over the server's value: the item hangs from it, and names no key of its own.
    stateOf(seedWriter.doc).set('seed', 12345);
    expect(await seedWriter.closed).toEqual({ code: 1008, reason: 'sets what only the server sets' });
    expect(stateOf(page()).get('seed')).toBe(seed);

    // A key set for the first time names its key: refused too.
    const incomingWriter = editors.join(server, s.writer.token, s.name);
    await incomingWriter.synced;
    const forged = { revision: 'forged', markdown: 'Forged text.\n', from: '' };
    stateOf(incomingWriter.doc).set('incoming', forged);
    expect(await incomingWriter.closed).toEqual({ code: 1008, reason: 'sets what only the server sets' });
    expect(stateOf(page()).has('incoming')).toBe(false);

    // One server-set `incoming`, then an editor takes it in: deleting it is allowed.
    const taker = editors.join(server, s.writer.token, s.name);
    await taker.synced;
    page().transact(() => stateOf(page()).set('incoming', { revision: 'r', markdown: 'x\n', from: '' }));
    await until(taker.doc, () => stateOf(taker.doc).has('incoming'));
    stateOf(taker.doc).delete('incoming');
    await until(page(), () => !stateOf(page()).has('incoming'));
    // …and setting it again over the server's deleted value is still refused.
    stateOf(taker.doc).set('incoming', forged);
    expect(await taker.closed).toEqual({ code: 1008, reason: 'sets what only the server sets' });
    typeParagraph(other.doc, 'Still here');
    await until(page(), () => page().getXmlFragment('default').toString().includes('Still here'));
    expect(stateOf(page()).has('incoming')).toBe(false);
  });

  it("puts the server's `seed` and `incoming` back when a client's update set them after all", async () => {
    // An update whose items hang from ones the server does not have yet passes the socket's
    // guard and is applied later; here one is applied as Hocuspocus applies a client's.
    const s = await pageWithPeople(server);
    const writer = editors.join(server, s.writer.token, s.name);
    await writer.synced;
    const page = served(s.name);
    const seed = stateOf(page).get('seed');
    const asClient = { source: 'connection', connection: { context: {} } };
    page.transact(() => stateOf(page).set('seed', 777), asClient);
    expect(stateOf(page).get('seed')).toBe(seed);
    page.transact(
      () => stateOf(page).set('incoming', { revision: 'forged', markdown: 'x\n', from: '' }),
      asClient,
    );
    expect(stateOf(page).has('incoming')).toBe(false);
    await until(
      writer.doc,
      () => stateOf(writer.doc).get('seed') === seed && !stateOf(writer.doc).has('incoming'),
    );
    // A client's deletion of `incoming` stands.
    page.transact(() => stateOf(page).set('incoming', { revision: 'r', markdown: 'y\n', from: '' }));
    page.transact(() => stateOf(page).delete('incoming'), asClient);
    expect(stateOf(page).has('incoming')).toBe(false);
  });

  it('takes a page of 1 MB of text, and refuses the update that would grow it past its cap', async () => {
    const s = await pageWithPeople(server);
    const writer = editors.join(server, s.writer.token, s.name);
    await writer.synced;
    const megabyte = 'x'.repeat(1_000_000);
    typeParagraph(writer.doc, megabyte);
    stateOf(writer.doc).set('report', { markdown: `${megabyte}\n`, hash: contentHashOf(writer.doc) });
    const page = served(s.name);
    await until(
      page,
      () => (stateOf(page).get('report') as { markdown?: string })?.markdown?.length === 1_000_001,
    );
    expect(page.getXmlFragment('default').toString()).toContain(megabyte);

    typeParagraph(writer.doc, megabyte);
    expect(await writer.closed).toEqual({ code: 1008, reason: 'document too large' });
    expect(Y.encodeStateAsUpdate(page).byteLength).toBeLessThan(DOCUMENT_BYTES);
    expect(page.getXmlFragment('default').length).toBe(1);
  });

  it('closes a connection that sends more bytes than its budget per 10 s', async () => {
    const s = await pageWithPeople(server);
    const reader = editors.join(server, s.reader.token, s.name);
    await reader.synced;
    // A reader's updates are not applied, but they are sent: five of 900 KB pass 4 MiB.
    for (let index = 0; index < 5; index++) typeParagraph(reader.doc, 'y'.repeat(900_000));
    expect(await reader.closed).toEqual({ code: 1008, reason: 'too many bytes' });
  });
});
