/**
 * The documents' warm-up converts in a worker thread (issue 28, item 6): an edit of 45 pages
 * has its documents derived in slices, each converted by one `documents-convert` task while
 * the server's event loop keeps turning — counted, not timed: a conversion on the loop itself
 * (as before) lets it turn no time between a slice's start and its end, a conversion in a
 * thread at least once (its answer comes back as an event of the loop). The documents stored
 * are the conversions of the bodies, and the warm-up logs its end.
 */
import { Writable } from 'node:stream';
import { markdownToDocument } from '@quire/documents';
import { documentAddressOf } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LimitedPool } from '../../src/worker-pools/limited-pool';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
type Json = any;

/** The warm-up's log lines, and a wait for the first that names a revision's end. */
function warmupLog() {
  const ended = new Map<string, Json>();
  const waiting = new Map<string, (entry: Json) => void>();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as Json;
        if (entry.msg !== 'derived the documents of a revision') continue;
        ended.set(entry.revisionId, entry);
        waiting.get(entry.revisionId)?.(entry);
      }
      done();
    },
  });
  return {
    logger: { level: 'info', stream },
    endOf: (revisionId: string) =>
      new Promise<Json>((resolve) => {
        const entry = ended.get(revisionId);
        if (entry) resolve(entry);
        else waiting.set(revisionId, resolve);
      }),
  };
}

const log = warmupLog();
let server: TestServer;
let org: TestOrganization;
let spaceId: string;
beforeAll(async () => {
  server = await startTestServer({}, { logger: log.logger });
  org = await createOrganization(server);
  const space = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Docs' },
  });
  spaceId = space.body.id;
});
afterAll(() => server.close());

const PAGES = 45;
/**
 * A page of headings, links, GitBook blocks and a table, ten times over: a slice of twenty such
 * bodies takes a thread long enough that the event loop turns while it waits (one copy each was
 * converted before a turn on a fast machine).
 */
const pageBody = (n: number) =>
  Array.from({ length: 10 }, () =>
    [
      `# Page ${n}\n\nText with **bold** and a [link](https://example.com/${n}).`,
      '{% hint style="info" %}\nA hint.\n{% endhint %}',
      '{% tabs %}\n{% tab title="npm" %}\n```bash\nnpm i\n```\n{% endtab %}\n{% endtabs %}',
      '| Name | Value |\n| ---- | ----- |\n| a | 1 |',
    ].join('\n\n'),
  ).join('\n\n');

describe("the documents' warm-up", () => {
  it('converts in a worker thread, slice by slice, while the event loop turns; stores each conversion', async () => {
    // Every turn of the event loop, counted while the test runs.
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const slices: Array<{ bodies: number; turnsWhileConverting: number }> = [];
    const run = LimitedPool.prototype.run;
    const spy = vi.spyOn(LimitedPool.prototype, 'run').mockImplementation(async function (
      this: LimitedPool,
      kind,
      input,
      handlers,
    ) {
      if (kind !== 'documents-convert') return run.call(this, kind, input, handlers);
      const before = turns;
      const answer = await run.call<LimitedPool, Parameters<LimitedPool['run']>, Promise<string[]>>(
        this,
        kind,
        input,
        handlers,
      );
      slices.push({
        bodies: (input as { bodies: string[] }).bodies.length,
        turnsWhileConverting: turns - before,
      });
      return answer as never;
    });
    try {
      const response = await server.api(`/v1/spaces/${spaceId}/content`, {
        method: 'POST',
        token: org.admin.token,
        body: {
          changes: Array.from({ length: PAGES }, (_, n) => ({
            operation: 'insert_page',
            title: `Page ${n}`,
            document: { markdown: pageBody(n) },
          })),
        },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const revisionId = response.body.revision as string;
      const end = await log.endOf(revisionId);
      expect(end).toMatchObject({ spaceId, revisionId, derived: PAGES });

      // Three slices of at most 20 bodies, each converted in a thread while the loop turned.
      expect(slices.map((slice) => slice.bodies)).toEqual([20, 20, 5]);
      for (const slice of slices) expect(slice.turnsWhileConverting).toBeGreaterThan(0);

      // What was stored is each body's conversion.
      const pageIds = response.body.changes.map((change: Json) => change.page.id as string);
      const base = `/v1/spaces/${spaceId}/revisions/${revisionId}/page`;
      const documentIds: string[] = [];
      for (const pageId of pageIds) {
        const page = await server.api(`${base}/${pageId}`, { token: org.admin.token });
        documentIds.push(page.body.documentId);
      }
      const stored = await server.services.repos.contentObjects.getMany(
        documentIds.map((documentId) => documentAddressOf(documentId)),
      );
      expect(stored.size).toBe(PAGES);
      const asMarkdown = await server.api(`${base}/${pageIds[7]}?format=markdown`, {
        token: org.admin.token,
      });
      const seventh = stored.get(documentAddressOf(documentIds[7] as string)) as {
        kind: string;
        json: string;
      };
      expect(seventh.kind).toBe('document');
      expect(JSON.parse(seventh.json)).toEqual(markdownToDocument(asMarkdown.body.markdown));
    } finally {
      spinning = false;
      spy.mockRestore();
    }
    // The job threads' first task may have to bundle their entry first (a changed source).
  }, 90_000);
});
