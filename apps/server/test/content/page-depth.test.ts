/**
 * Pages nest at most 64 levels deep (`content/revisions/page-depth.ts`), on every write: an
 * editor nesting pages a batch at a time used to reach thousands of levels, after which every
 * read of the space's content answered 500 to everyone (a walk that deep overflowed the stack),
 * and so did the next write. Now the write past the bound is a 400 naming the page, nothing is
 * written, and the space reads as before; a move past it is refused the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

describe('pages nested deeply', () => {
  it('are refused past 64 levels, on a batch and on a move, with nothing written; the space still reads', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org, { title: 'Deep' });
    const batch = (changes: Json[]) =>
      server.api(`/v1/spaces/${space.id}/content`, {
        method: 'POST',
        token: org.admin.token,
        body: { changes },
      });
    // A chain of 64 pages, each inside the one before: two batches.
    let parent: string | undefined;
    for (const [from, to] of [
      [0, 50],
      [50, 64],
    ] as const) {
      const changes = [];
      for (let level = from; level < to; level++)
        changes.push({
          operation: 'insert_page',
          ref: `p${level}`,
          title: `Level ${level + 1}`,
          document: { markdown: 'x' },
          ...(level === from ? (parent ? { into: parent } : {}) : { into: `p${level - 1}` }),
        });
      const made = await batch(changes);
      expect(made.status).toBe(200);
      parent = made.body.changes.at(-1).page.id;
    }
    const before = (await server.api(`/v1/spaces/${space.id}`, { token: org.admin.token })).body.revision;

    const deeper = await batch([
      { operation: 'insert_page', title: 'Level 65', into: parent, document: { markdown: 'x' } },
    ]);
    expect(deeper.status).toBe(400);
    expect(deeper.body.error).toMatchObject({
      type: 'invalid_position',
      message: 'Pages may be nested at most 64 levels deep: "Level 65" would be at level 65',
    });

    // A page with a child, moved under the deepest page: its child would be at 66.
    const pair = await batch([
      { operation: 'insert_page', ref: 'a', title: 'Moved', document: { markdown: 'x' } },
      { operation: 'insert_page', into: 'a', title: 'Its child', document: { markdown: 'x' } },
    ]);
    const moved = pair.body.changes[0].page.id;
    const afterPair = (await server.api(`/v1/spaces/${space.id}`, { token: org.admin.token })).body.revision;
    expect(afterPair).not.toBe(before);
    const move = await batch([{ operation: 'update_page', page: moved, into: parent }]);
    expect(move.status).toBe(400);
    expect(move.body.error.type).toBe('invalid_position');

    expect((await server.api(`/v1/spaces/${space.id}`, { token: org.admin.token })).body.revision).toBe(
      afterPair,
    );
    const content = await server.api(`/v1/spaces/${space.id}/content`, { token: org.admin.token });
    expect(content.status).toBe(200);
    let depth = 0;
    for (let level: Json[] = content.body.pages; level.length > 0; level = level[0].pages) depth += 1;
    expect(depth).toBe(64);
  });
});
