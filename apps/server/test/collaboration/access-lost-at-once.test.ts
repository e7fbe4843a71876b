/**
 * Access lost takes effect at once (issue 33; twenty-first session): a change that may lessen
 * someone's access publishes `access.changed` before its answer, and the co-editing server
 * holds the messages of the connections it concerns until their access is checked again
 * (`access-rechecks.ts`). Before, a member removed from the space typed on into its pages until
 * the next sweep (30 s), and what they typed was saved under another writer's name.
 */
import { stateOf } from '@quire/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collaborationOf } from '../../src/collaboration/register-collaboration';
import { startTestServer, type TestServer } from '../support/test-server';
import { FileEditors, pageWithPeople, servedDocument, typeParagraph, until } from './editors';
import { startServersSharingALog } from './servers-sharing-a-log';

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
const served = (name: string) => servedDocument(server, name)!;
const servedText = (name: string) => served(name).getXmlFragment('default').toString();

async function setUp() {
  const people = await pageWithPeople(server);
  const [spaceId] = people.name.split('/') as [string];
  const grantPath = `/v1/spaces/${spaceId}/permissions/users/${people.writer.user.id}`;
  const page = async () => {
    const pageId = people.name.split('/')[2];
    const read = await server.api(`/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`, {
      token: people.org.admin.token,
    });
    return read.body.markdown as string;
  };
  return { ...people, grantPath, page };
}

describe('access lost while co-editing', () => {
  it('closes the page of a member removed from the space at once, and applies nothing they send after', async () => {
    const s = await setUp();
    const removed = await joined(s.writer.token, s.name);
    const stays = await joined(s.org.admin.token, s.name);
    // On another page of the organization, someone the removal does not concern.
    const elsewhere = await pageWithPeople(server);
    const unconcerned = await joined(elsewhere.writer.token, elsewhere.name);
    typeParagraph(removed.doc, 'Typed before.', 'First line.\n\nTyped before.\n');
    await until(served(s.name), () => servedText(s.name).includes('Typed before.'));
    // And the one who stays has it too: typing on a copy without it would make a report of a
    // content the server does not have (stale), or lose to the removed member's report.
    await until(stays.doc, () => stays.doc.getXmlFragment('default').toString().includes('Typed before.'));

    const started = performance.now();
    const gone = await server.api(s.grantPath, { method: 'DELETE', token: s.org.admin.token });
    expect(gone.status).toBe(204);
    const answered = performance.now();
    // Sent as soon as the removal is answered: held, then dropped.
    typeParagraph(
      removed.doc,
      'Typed after removal.',
      'First line.\n\nTyped before.\n\nTyped after removal.\n',
    );
    expect(await removed.closed).toEqual({ code: 1000, reason: 'permission-denied' });
    const closeMs = performance.now() - started;
    console.log(
      `removal to close: ${closeMs.toFixed(1)} ms (${(performance.now() - answered).toFixed(1)} after its answer)`,
    );

    // The one who stays types on and saves: the removed member's late line is in neither.
    const markdown = 'First line.\n\nTyped before.\n\nBy the one who stays.\n';
    typeParagraph(stays.doc, 'By the one who stays.', markdown);
    await until(
      served(s.name),
      () => (stateOf(served(s.name)).get('report') as { markdown?: string })?.markdown === markdown,
    );
    expect(servedText(s.name)).not.toContain('Typed after removal.');
    expect(await collaborationOf(server.app)!.sessions.get(s.name)!.save()).toBe('saved');
    expect(await s.page()).toBe(markdown);
    expect(served(s.name).getConnectionsCount()).toBe(1);

    // Not concerned: still connected, still writing.
    typeParagraph(unconcerned.doc, 'Still here.', 'First line.\n\nStill here.\n');
    await until(served(elsewhere.name), () => servedText(elsewhere.name).includes('Still here.'));
    expect(served(elsewhere.name).getConnectionsCount()).toBe(1);
  });

  it('makes the connection of a writer demoted to read read only at once; the others write on', async () => {
    const s = await setUp();
    const demoted = await joined(s.writer.token, s.name);
    const stays = await joined(s.org.admin.token, s.name);
    const told = new Promise<string>((resolve) =>
      demoted.provider.on('stateless', ({ payload }: { payload: string }) => resolve(payload)),
    );
    let toldStays = false;
    stays.provider.on('stateless', () => {
      toldStays = true;
    });

    const lowered = await server.api(s.grantPath, {
      method: 'PATCH',
      token: s.org.admin.token,
      body: { role: 'read' },
    });
    expect(lowered.status).toBe(204);
    typeParagraph(demoted.doc, 'Typed after demotion.', 'x\n');
    expect(JSON.parse(await told)).toEqual({ type: 'access', readOnly: true });

    typeParagraph(stays.doc, 'By the one who stays.', 'First line.\n\nBy the one who stays.\n');
    // The demoted writer still reads along: the other's line reaches them.
    await until(demoted.doc, () =>
      demoted.doc.getXmlFragment('default').toString().includes('By the one who stays.'),
    );
    expect(servedText(s.name)).toContain('By the one who stays.');
    expect(servedText(s.name)).not.toContain('Typed after demotion.');
    expect(served(s.name).getConnectionsCount()).toBe(2);
    expect(toldStays).toBe(false);
  });
});

describe('access that cannot be checked', () => {
  it('applies nothing held while the check fails, and closes the page when it keeps failing', async () => {
    const s = await setUp();
    const editor = await joined(s.writer.token, s.name);
    // The store (or the person's operations) fails every check of this connection.
    const [connection] = [...served(s.name).getConnections()];
    const seat = (connection!.context as { seat: { recheck: () => Promise<unknown> } }).seat;
    seat.recheck = async () => {
      throw new Error('the store is down');
    };
    const gone = await server.api(s.grantPath, { method: 'DELETE', token: s.org.admin.token });
    expect(gone.status).toBe(204);
    typeParagraph(editor.doc, 'Typed while unchecked.', 'x\n');
    const outcome = await Promise.race([
      editor.closed,
      until(served(s.name), () => servedText(s.name).includes('Typed while unchecked.')).then(
        () => 'applied',
      ),
    ]);
    expect(outcome).toEqual({ code: 1000, reason: 'permission-denied' });
  });
});

describe('access lost on another server', () => {
  it('closes the page of a member removed through one server on the other, which heard it through the shared log', async () => {
    const pair = await startServersSharingALog(2);
    try {
      const [first, second] = pair.servers as [TestServer, TestServer];
      const s = await pageWithPeople(first);
      const [spaceId] = s.name.split('/') as [string];
      const editor = await editors.joined(second, s.writer.token, s.name);
      // The second server's copy (dropped once its last editor goes, still readable).
      const servedThere = servedDocument(second, s.name)!;
      const gone = await first.api(`/v1/spaces/${spaceId}/permissions/users/${s.writer.user.id}`, {
        method: 'DELETE',
        token: s.org.admin.token,
      });
      expect(gone.status).toBe(204);
      // The log of this test delivers at once (MongoDB's change stream: within its delay), so
      // what the member sends after the answer is held and dropped there too.
      typeParagraph(editor.doc, 'Typed after removal.', 'x\n');
      const outcome = await Promise.race([
        editor.closed,
        until(servedThere, () =>
          servedThere.getXmlFragment('default').toString().includes('Typed after removal.'),
        ).then(() => 'applied'),
      ]);
      expect(outcome).toEqual({ code: 1000, reason: 'permission-denied' });
      expect(servedThere.getXmlFragment('default').toString()).not.toContain('Typed after removal.');
      expect(pair.log.events.some((event) => event.type === 'access.changed')).toBe(true);
    } finally {
      await pair.close();
    }
  });

  it('closes the page of a person whose token was revoked through one server on the other, whose token cache forgets it', async () => {
    const pair = await startServersSharingALog(2);
    try {
      const [first, second] = pair.servers as [TestServer, TestServer];
      const s = await pageWithPeople(first);
      const editor = await editors.joined(second, s.writer.token, s.name);
      const servedThere = servedDocument(second, s.name)!;
      const own = await first.api('/v1/user/tokens', { token: s.writer.token });
      const revoked = await first.api(`/v1/user/tokens/${own.body.items[0].id}`, {
        method: 'DELETE',
        token: s.writer.token,
      });
      expect(revoked.status).toBe(204);
      typeParagraph(editor.doc, 'Typed after revocation.', 'x\n');
      const outcome = await Promise.race([
        editor.closed,
        until(servedThere, () =>
          servedThere.getXmlFragment('default').toString().includes('Typed after revocation.'),
        ).then(() => 'applied'),
      ]);
      // The second server had the token cached (its clock, the test's, does not move).
      expect(outcome).toEqual({ code: 1000, reason: 'permission-denied' });
    } finally {
      await pair.close();
    }
  });
});
