/**
 * Declares the tests of a table of matrix cases: one test per case and kind of caller,
 * which calls the route on the three faces in turn. Each face must answer the expected
 * status (REST's; 200 on the other faces for a success), refusals with the same domain code
 * on every face and each face's error format intact, and a refused call must leave the
 * observed state as it was (an allowed call must change it). One server and one fixture per
 * test file; fresh state per call only where a call changed it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { MemoryJournal } from '@quire/store-embedded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFace, findRoute } from '../faces/call-faces';
import { describeResponse, FACES, type FaceResponse } from '../faces/face-call';
import { openMemoryStore } from '../memory-store';
import { startTestServer, type TestServer } from '../test-server';
import { MATRIX_CALLER_KINDS } from './caller-kinds';
import { changesNothing, siteTokenDefault, statusOf } from './expectations';
import type { MatrixCase } from './matrix-case';
import { buildMatrixFixture, type MatrixFixture } from './matrix-fixture';

/**
 * The writes of a query call that change what the store holds for anyone. Not the stamp of a
 * token's last use (authentication's, whatever the operation), nor a body's outline or
 * document (derived from the body, stored by whoever needs it first: a query, or the warm-ups
 * after a write),
 * nor the job worker moving a job queued before the call on (it runs in the background).
 */
function queryWrites(journal: MemoryJournal, from: number, jobsBefore: ReadonlySet<string>): string[] {
  return journal.batches
    .slice(from)
    .flat()
    .filter(
      (op) =>
        op.c !== 'apiTokens' &&
        !(
          op.c === 'contentObjects' &&
          'id' in op &&
          (op.id.startsWith('outline') || op.id.startsWith('document'))
        ) &&
        !(op.c === 'jobs' && 'id' in op && jobsBefore.has(op.id)),
    )
    .map((op) => `${op.op} ${op.c}${'id' in op ? ` ${op.id}` : ''}`);
}

/** The ids of the jobs journaled so far (each batch read once); the set grows at each call. */
function jobsJournaled(journal: MemoryJournal): () => ReadonlySet<string> {
  const ids = new Set<string>();
  let read = 0;
  return () => {
    for (; read < journal.batches.length; read++) {
      for (const op of journal.batches[read] ?? []) if (op.c === 'jobs' && 'id' in op) ids.add(op.id);
    }
    return ids;
  };
}

export function runMatrix(
  cases: readonly MatrixCase[],
  options: {
    /** More of the server's environment, read when it starts (a provider started before, say). */
    env?: () => Record<string, string>;
  } = {},
): void {
  let server: TestServer;
  let fixture: MatrixFixture;
  let dataDir: string;
  // The store's writes, one batch each: a query must add none.
  const journal = new MemoryJournal();
  const jobsSoFar = jobsJournaled(journal);
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quire-matrix-'));
    // Imports read their sources from a site on 127.0.0.1 (`support/markdown-origin.ts`).
    server = await startTestServer(
      { QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1', ...options.env?.() },
      { store: { store: await openMemoryStore(journal), dataDir } },
    );
    fixture = await buildMatrixFixture(server);
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  for (const matrixCase of cases) {
    const route = findRoute(matrixCase.route);
    const title = matrixCase.title ? `${matrixCase.route} (${matrixCase.title})` : matrixCase.route;
    describe(title, () => {
      if (!route) {
        it('names a route of the route table', () => expect.fail(`no route ${matrixCase.route}`));
        return;
      }
      const isQuery = route.operation.kind === 'query';
      const because = matrixCase.rule ? ` (the rule: ${matrixCase.rule})` : '';
      let shared: unknown;
      if (isQuery && matrixCase.prepare) {
        beforeAll(async () => {
          shared = await matrixCase.prepare?.(fixture);
        });
      }
      for (const kind of MATRIX_CALLER_KINDS) {
        const expectation =
          kind === 'siteToken'
            ? (matrixCase.siteToken ?? siteTokenDefault(route.operation))
            : matrixCase.expected[kind];
        const status = statusOf(expectation);
        const quiet = changesNothing(expectation);
        it(`${kind}: ${status}${quiet && status < 400 ? ', changing nothing' : ''}`, async () => {
          const caller = fixture.callers[kind];
          const responses: FaceResponse[] = [];
          // State a face left as it found it serves the next face: fresh state is built only
          // after a call that changed it (or may have: a success nothing observes).
          let reusable: { extra: unknown; state: unknown } | undefined;
          // GraphQL answers no request without a caller (a 401 before any field runs): what an
          // operation open to visitors gives an anonymous caller is checked on REST and tRPC.
          const faces = (matrixCase.faces ?? FACES).filter(
            (face) => !(face === 'graphql' && caller.token === null && status !== 401),
          );
          for (const face of faces) {
            let extra: unknown = shared;
            let before: unknown;
            if (!isQuery) {
              if (reusable) ({ extra, state: before } = reusable);
              else {
                extra = await matrixCase.prepare?.(fixture);
                before = await matrixCase.observe?.(fixture, extra);
              }
            }
            const input = await matrixCase.input(fixture, extra, caller);
            const written = journal.batches.length;
            const jobsBefore = isQuery ? jobsSoFar() : new Set<string>();
            const response = await callFace(server, face, { route, input, token: caller.token });
            responses.push(response);
            if (isQuery) {
              const writes = queryWrites(journal, written, jobsBefore);
              expect.soft(writes, `${face}: a query wrote to the store`).toEqual([]);
            }
            const wanted = status >= 300 || face === 'rest' ? status : 200;
            expect.soft(response.status, `${describeResponse(response)}${because}`).toBe(wanted);
            expect.soft(response.formatProblems, describeResponse(response)).toEqual([]);
            if (response.status < 300)
              matrixCase.expectData?.(response.data, { face, caller, fixture, extra });
            const after = await matrixCase.observe?.(fixture, extra);
            const changed = matrixCase.observe ? !isDeepStrictEqual(after, before) : response.status < 400;
            if (matrixCase.observe && quiet) {
              expect.soft(after, `${face}: the state after the call`).toEqual(before);
            } else if (matrixCase.observe && response.status < 300) {
              expect.soft(changed, `${face}: the call changed the state`).toBe(true);
            }
            reusable = !isQuery && !changed ? { extra, state: after } : undefined;
          }
          if (status >= 400) {
            const codes = responses.map((response) => `${response.face}: ${response.error?.code}`);
            const first = responses[0]?.error?.code;
            expect
              .soft(codes, 'the same refusal on every face')
              .toEqual(responses.map((response) => `${response.face}: ${first}`));
          }
        });
      }
    });
  }
}
