/**
 * An edit saved while someone joins a page (twenty-first session). The admission reads the
 * revision the page starts from; a revision written before the page's session exists is told
 * to no session (`space.content` reaches the sessions there are). Before the fix, the joining
 * editor saw the page as it was until someone typed (whose save then merged it in).
 */
import { stateOf } from '@quire/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { FileEditors, pageWithPeople } from './editors';

let server: TestServer;
const editors = new FileEditors();
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  editors.destroy();
  await server.close();
});

describe('an edit saved while someone joins', () => {
  it('reaches the joining editor at once', async () => {
    const s = await pageWithPeople(server);
    const [spaceId, , pageId] = s.name.split('/') as [string, string, string];
    const saved = 'First line.\n\nSaved by the API while Wren joined.\n';
    // The API's save lands between the admission's read of the page and the page's load: the
    // admission's last read (the person's name, after the space was read for its revision) waits for it.
    const { users, spaces } = server.services.repos;
    const findUser = users.findById.bind(users);
    const findSpace = spaces.findById.bind(spaces);
    let spaceRead = false;
    let saving: Promise<unknown> | undefined;
    spaces.findById = async (id: string) => {
      if (id === spaceId) spaceRead = true;
      return findSpace(id);
    };
    users.findById = async (id: string) => {
      if (id === s.writer.user.id && spaceRead && saving === undefined) {
        saving = server.api(`/v1/spaces/${spaceId}/content`, {
          method: 'POST',
          token: s.org.admin.token,
          body: { changes: [{ operation: 'update_page', page: pageId, document: { markdown: saved } }] },
        });
        expect(((await saving) as { status: number }).status).toBe(200);
      }
      return findUser(id);
    };
    try {
      const editor = await editors.joined(server, s.writer.token, s.name);
      expect(saving).toBeDefined();
      // What the editors bring into the content (`incoming`), there as the page syncs.
      expect(stateOf(editor.doc).get('incoming')).toMatchObject({ markdown: saved });
    } finally {
      users.findById = findUser;
      spaces.findById = findSpace;
    }
  });
});
