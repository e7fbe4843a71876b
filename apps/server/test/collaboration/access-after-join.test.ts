/**
 * What happens after people joined a shared page (issue 33; the thirteenth session's review):
 * a socket outlives a revoked token, a grant taken back, a removal. Each save runs the
 * admission again with the credential its reporter joined with, so nothing is saved as
 * someone who may no longer write; and connected people's access is checked again
 * (`seat-recheck.ts`): who lost it is disconnected from the page, who became a reader writes
 * no more. A save over an edit that landed meanwhile on the same lines keeps that edit's
 * other changes.
 */
import { contentHashOf, stateOf } from '@quire/documents';
import { operations } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collaborationOf } from '../../src/collaboration/register-collaboration';
import { grant } from '../support/content';
import { addMember } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { FileEditors, pageWithPeople, servedDocument, typeParagraph, until } from './editors';

let server: TestServer;
const editors = new FileEditors();
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  editors.destroy();
  await server.close();
});

const joined = (token: string, name: string) => editors.joined(server, token, name);

/** The server's copy of `name`. */
const served = (name: string) => servedDocument(server, name)!;

/** Resolves once the server's copy of `name` holds a report of `markdown`. */
const reported = (name: string, markdown: string) =>
  until(
    served(name),
    () => (stateOf(served(name)).get('report') as { markdown?: string })?.markdown === markdown,
  );

async function setUp() {
  const people = await pageWithPeople(server);
  const [spaceId, , pageId] = people.name.split('/') as [string, string, string];
  const page = async () =>
    (
      await server.api(`/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`, {
        token: people.org.admin.token,
      })
    ).body.markdown as string;
  const revisionNow = async () =>
    (await server.api(`/v1/spaces/${spaceId}`, { token: people.org.admin.token })).body.revision as string;
  return { ...people, pageId, page, revisionNow };
}

describe('access after joining a shared page', () => {
  it('saves nothing as a writer whose token was revoked, or whose grant was taken back, since they joined', async () => {
    const s = await setUp();
    const collaboration = collaborationOf(server.app)!;
    const demoted = await addMember(server, s.org.organization.id, null, { displayName: 'Demoted Writer' });
    await grant(server, s.org, { kind: 'space', id: s.spaceId }, { role: 'edit', users: [demoted.user.id] });

    // While they may write, a report of theirs is saved.
    const writer = await joined(s.writer.token, s.name);
    typeParagraph(writer.doc, 'Before.', 'First line.\n\nBefore.\n');
    await reported(s.name, 'First line.\n\nBefore.\n');
    await collaboration.saveAll();
    expect(await s.page()).toBe('First line.\n\nBefore.\n');

    // Their token revoked where this server does not hear of it (no face: no `access.changed`;
    // through a face the page closes at once, `access-lost-at-once.test.ts`), their socket still
    // open: their report saves nothing.
    const own = await server.api('/v1/user/tokens', { token: s.writer.token });
    await server.callOperation(operations.user.tokens.revoke, s.writer, { tokenId: own.body.items[0].id });
    const before = await s.revisionNow();
    typeParagraph(writer.doc, 'After revocation.', 'First line.\n\nBefore.\n\nAfter revocation.\n');
    await reported(s.name, 'First line.\n\nBefore.\n\nAfter revocation.\n');
    await collaboration.saveAll();
    expect(await s.revisionNow()).toBe(before);

    // Left with read access only: the same.
    const other = await joined(demoted.token, s.name);
    await grant(server, s.org, { kind: 'space', id: s.spaceId }, { role: 'read', users: [demoted.user.id] });
    typeParagraph(other.doc, 'After demotion.', 'Read only now.\n');
    await reported(s.name, 'Read only now.\n');
    await collaboration.saveAll();
    expect(await s.revisionNow()).toBe(before);
    expect(await s.page()).toBe('First line.\n\nBefore.\n');
  });

  it('disconnects from the page who lost access, and makes who became a reader write no more', async () => {
    const s = await setUp();
    const collaboration = collaborationOf(server.app)!;
    const demoted = await addMember(server, s.org.organization.id, null, { displayName: 'Demoted Writer' });
    await grant(server, s.org, { kind: 'space', id: s.spaceId }, { role: 'edit', users: [demoted.user.id] });
    const removed = await joined(s.writer.token, s.name);
    const reader = await joined(demoted.token, s.name);
    expect(served(s.name).getConnectionsCount()).toBe(2);

    const gone = await server.api(`/v1/orgs/${s.org.organization.id}/members/${s.writer.user.id}`, {
      method: 'DELETE',
      token: s.org.admin.token,
    });
    expect(gone.status).toBe(204);
    await grant(server, s.org, { kind: 'space', id: s.spaceId }, { role: 'read', users: [demoted.user.id] });
    const told = new Promise<string>((resolve) =>
      reader.provider.on('stateless', ({ payload }: { payload: string }) => resolve(payload)),
    );
    await collaboration.recheckAll();
    // The one now reading along is told, so their editor stops taking typing.
    expect(JSON.parse(await told)).toEqual({ type: 'access', readOnly: true });
    for (let turn = 0; turn < 100 && served(s.name).getConnectionsCount() > 1; turn++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(served(s.name).getConnectionsCount()).toBe(1);

    // The removed member's typing no longer reaches the page; the reader's neither.
    typeParagraph(removed.doc, 'Typed after removal.', 'x\n');
    typeParagraph(reader.doc, 'Typed after demotion.', 'y\n');
    const admin = await joined(s.org.admin.token, s.name);
    typeParagraph(admin.doc, 'By the admin.', 'First line.\n\nBy the admin.\n');
    await reported(s.name, 'First line.\n\nBy the admin.\n');
    const text = served(s.name).getXmlFragment('default').toString();
    expect(text).toContain('By the admin.');
    expect(text).not.toContain('Typed after removal.');
    expect(text).not.toContain('Typed after demotion.');
  });

  it('keeps the other edit of a page where both changed the same line: its changes elsewhere too', async () => {
    const s = await setUp();
    const collaboration = collaborationOf(server.app)!;
    const base = 'Title.\n\nShared line.\n\nTheir part.\n';
    const seeded = await server.api(`/v1/spaces/${s.spaceId}/content`, {
      method: 'POST',
      token: s.org.admin.token,
      body: { changes: [{ operation: 'update_page', page: s.pageId, document: { markdown: base } }] },
    });
    expect(seeded.status).toBe(200);
    const writer = await joined(s.writer.token, s.name);
    await until(writer.doc, () => stateOf(writer.doc).get('baseMarkdown') === base);
    // The API changes the shared line and another; the editors change the shared line.
    const api = await server.api(`/v1/spaces/${s.spaceId}/content`, {
      method: 'POST',
      token: s.org.admin.token,
      body: {
        changes: [
          {
            operation: 'update_page',
            page: s.pageId,
            document: { markdown: 'Title, theirs.\n\nShared line, theirs.\n\nTheir part.\n' },
          },
        ],
        revision: seeded.body.revision,
      },
    });
    expect(api.status).toBe(200);
    const ours = 'Title.\n\nShared line, ours.\n\nTheir part.\n';
    typeParagraph(writer.doc, 'Shared line, ours.', ours);
    await reported(s.name, ours);
    await collaboration.saveAll();
    expect(await s.page()).toBe('Title, theirs.\n\nShared line, ours.\n\nTheir part.\n');
    // The editors are handed the page with the other edit's line in it.
    const merged = 'Title, theirs.\n\nShared line, ours.\n\nTheir part.\n';
    await until(
      writer.doc,
      () => (stateOf(writer.doc).get('incoming') as { markdown?: string } | undefined)?.markdown === merged,
    );
  });
  it('saves the typing of a writer who stays when the person who typed most, and reported, lost the right to write', async () => {
    const s = await setUp();
    const collaboration = collaborationOf(server.app)!;
    const demoted = await addMember(server, s.org.organization.id, null, { displayName: 'Demoted Writer' });
    await grant(server, s.org, { kind: 'space', id: s.spaceId }, { role: 'edit', users: [demoted.user.id] });
    const stays = await joined(s.writer.token, s.name);
    const loses = await joined(demoted.token, s.name);
    // The writer who stays types one line; the other types two and their editor reports the page.
    stays.doc.transact(() => {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText('By the one who stays.')]);
      stays.doc.getXmlFragment('default').insert(0, [paragraph]);
    });
    await until(loses.doc, () => loses.doc.getXmlFragment('default').length === 1);
    typeParagraph(loses.doc, 'Before the demotion.', 'x\n');
    const markdown = 'By the one who stays.\n\nBefore the demotion.\n\nAlso before it.\n';
    typeParagraph(loses.doc, 'Also before it.', markdown);
    await reported(s.name, markdown);
    await grant(server, s.org, { kind: 'space', id: s.spaceId }, { role: 'read', users: [demoted.user.id] });

    // The save is not made as the one now reading, but as the one who stays: nothing is left unsaved.
    const session = collaboration.sessions.get(s.name)!;
    expect(await session.save()).toBe('saved');
    expect(await s.page()).toBe(markdown);
    const revisions = await server.api(`/v1/spaces/${s.spaceId}/revisions`, { token: s.org.admin.token });
    const latest = revisions.body.items.find(
      (item: { id: string }) => item.id === stateOf(served(s.name)).get('base'),
    );
    expect(latest?.createdBy?.id).toBe(s.writer.user.id);
  });
});

describe('who a save is credited to', () => {
  it('is who typed since the last save, not whichever editor reported the page', async () => {
    const s = await setUp();
    const collaboration = collaborationOf(server.app)!;
    const admin = await joined(s.org.admin.token, s.name);
    const writer = await joined(s.writer.token, s.name);
    // The administrator types; the writer's editor, which typed nothing, reports the page.
    admin.doc.transact(() => {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText('Written only by the administrator.')]);
      admin.doc.getXmlFragment('default').insert(0, [paragraph]);
    });
    await until(writer.doc, () => writer.doc.getXmlFragment('default').length > 0);
    const markdown = 'Written only by the administrator.\n';
    stateOf(writer.doc).set('report', { markdown, hash: contentHashOf(writer.doc) });
    await reported(s.name, markdown);
    await collaboration.saveAll();
    expect(await s.page()).toBe(markdown);
    const revisions = await server.api(`/v1/spaces/${s.spaceId}/revisions`, { token: s.org.admin.token });
    expect(revisions.status).toBe(200);
    const latest = revisions.body.items.find(
      (item: { id: string }) => item.id === stateOf(served(s.name)).get('base'),
    );
    expect(latest?.createdBy?.id).toBe(s.org.admin.user.id);
  });
});
