/**
 * `npx tsx bench/search.ts` (from apps/server): the search targets of issue 14, calling the
 * operations in process (no HTTP) over the embedded store on disk.
 *
 * 1. A space of 10,000 pages (100 groups of 100 pages, about 1 KB of markdown each, words
 *    drawn from a vocabulary of 3,000): the index build (target: under 5 s), measured cold
 *    (reading and parsing every body, then indexing) and for the indexing alone; then the
 *    median of searches once indexed (target: under 20 ms), per kind of query.
 * 2. An organization of 200 spaces of 100 pages: the median of organization searches once
 *    every space is indexed (target: under 50 ms).
 *
 * `BENCH_GROUPS` and `BENCH_SPACES` shrink the fixtures for a quick run.
 */
import { rm } from 'node:fs/promises';
import {
  createOrganizationWithOwner,
  createUser,
  executeOperation,
  type OperationContext,
  operations,
  searchDocumentsOf,
} from '@quire/domain';
import { RevisionIndex } from '../src/search/revision-index';
import { median, p90 } from './bench-api';
import { openBenchServices } from './bench-services';

const GROUPS = Number(process.env.BENCH_GROUPS ?? 100);
const PER_GROUP = 100;
const SPACES = Number(process.env.BENCH_SPACES ?? 200);
const PAGES_PER_SPACE = 100;
const ROUNDS = 50;

const opened = await openBenchServices('search');
const { services, dataDir } = opened;
let store = opened.store;
const owner = await createUser(services, {
  displayName: 'Owner',
  email: 'owner@bench.test',
  isInstanceAdmin: false,
});
const organization = await createOrganizationWithOwner(services, { title: 'Bench Org', owner });
let ctx: OperationContext = {
  ...services,
  caller: { userId: owner.id, tokenId: 'bench', isInstanceAdmin: false },
};

// A deterministic vocabulary of made-up words, and page bodies drawn from it.
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'shi', 'pra', 'den', 'gol', 'bri', 'tes', 'mon'];
const word = () =>
  Array.from(
    { length: 2 + Math.floor(random() * 3) },
    () => SYLLABLES[Math.floor(random() * SYLLABLES.length)],
  ).join('');
const VOCABULARY = Array.from({ length: 3000 }, word);
const words = (n: number) =>
  Array.from({ length: n }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]).join(' ');
const body = (n: number) =>
  [
    `Page ${n} explains ${words(20)}.`,
    '',
    `## Installation of ${words(2)}`,
    '',
    `Install the tool, then run **quire ${n}** with ${words(30)}. See [the guide](https://example.com/${n}).`,
    '',
    `- first step, with \`code\` ${words(5)}`,
    `- second step ${words(5)}`,
    '',
    '```sh',
    `quire run --page ${n}`,
    '```',
    '',
    `## Configuration`,
    '',
    `${words(60)}.`,
  ].join('\n');

async function spaceOf(title: string, groups: number, perGroup: number): Promise<string> {
  const space = await executeOperation(operations.spaces.create, ctx, {
    organizationId: organization.id,
    title,
  });
  // At most 50 changes per edit.
  const edit = async (changes: unknown[]) => {
    const made: Array<{ page: { id: string } }> = [];
    for (let i = 0; i < changes.length; i += 50) {
      const result = await executeOperation(operations.spaces.content.update, ctx, {
        spaceId: space.id,
        changes: changes.slice(i, i + 50) as never,
      });
      made.push(...(result.changes as Array<{ page: { id: string } }>));
    }
    return made;
  };
  if (groups === 0) {
    await edit(
      Array.from({ length: perGroup }, (_, i) => ({
        operation: 'insert_page',
        title: `Page ${i} ${words(2)}`,
        document: { markdown: body(i) },
      })),
    );
    return space.id;
  }
  const made = await edit(
    Array.from({ length: groups }, (_, g) => ({
      operation: 'insert_page',
      title: `Group ${g} ${words(2)}`,
      document: { markdown: body(g) },
    })),
  );
  for (const change of made) {
    await edit(
      Array.from({ length: perGroup }, (_, i) => ({
        operation: 'insert_page',
        into: change.page.id,
        title: `Page ${i} ${words(2)}`,
        document: { markdown: body(i) },
      })),
    );
  }
  return space.id;
}

async function time<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await run();
  return [performance.now() - started, result];
}

// 1. A space of GROUPS × PER_GROUP pages.
let [ms] = await time(() => spaceOf('Big space', GROUPS, PER_GROUP));
const bigSpace = (await services.repos.spaces.listActive(organization.id, 'asc', { limit: 1 })).items[0]!;
console.log(`built a space of ${GROUPS * (PER_GROUP + 1)} pages in ${(ms / 1000).toFixed(1)} s`);

const probe = VOCABULARY[17]!;
// The first search ever: every body's outline derived (each body parsed once, ever) and
// stored, then the index built. In the server the warm-up does this right after the write.
const [firstEver, firstPage] = await time(() =>
  executeOperation(operations.spaces.search, ctx, { spaceId: bigSpace.id, query: probe, limit: 10 }),
);
// The index build of a process that never saw the space (a restart, another replica, the
// revision after an import): the store reopened, so nothing is in memory; the outlines are
// read, not parsed.
await store.close();
const reopened = await openBenchServices('search', dataDir);
const coldCtx: OperationContext = { ...reopened.services, caller: ctx.caller };
const [cold] = await time(() =>
  executeOperation(operations.spaces.search, coldCtx, { spaceId: bigSpace.id, query: probe, limit: 10 }),
);
const revision = (await reopened.services.repos.revisions.findById(
  bigSpace.id,
  (await reopened.services.repos.spaces.findById(bigSpace.id))!.revisionId!,
))!;
const [readMs, documents] = await time(() => searchDocumentsOf(reopened.services, revision));
store = reopened.store;
ctx = coldCtx;
const [indexMs, index] = await time(() => RevisionIndex.build(documents));
console.log(
  `index build of ${GROUPS * (PER_GROUP + 1)} pages: in a process that never saw the space (outlines read from the store, then indexed) ${(cold / 1000).toFixed(2)} s (target < 5 s); indexing alone ${(indexMs / 1000).toFixed(2)} s (${index.size} sections); documents again (objects in memory) ${readMs.toFixed(0)} ms`,
);
console.log(
  `  the first search ever (every body parsed once to derive its outline, stored, then indexed): ${(firstEver / 1000).toFixed(2)} s; it found ${firstPage.count} pages`,
);

const QUERIES: Array<[kind: string, query: string]> = [
  ['one word', VOCABULARY[100]!],
  ['prefix', VOCABULARY[200]!.slice(0, 4)],
  ['typo', VOCABULARY[300]!.slice(0, -1) + 'x'],
  ['two words', `${VOCABULARY[400]} ${VOCABULARY[500]}`],
  ['quoted phrase', '"Installation of"'],
  ['very common word', 'install'],
];
const all: number[] = [];
for (const [kind, query] of QUERIES) {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const [took, page] = await time(() =>
      executeOperation(operations.spaces.search, ctx, { spaceId: bigSpace.id, query, limit: 20 }),
    );
    times.push(took);
    count = page.count;
  }
  all.push(...times);
  console.log(
    `  space search, ${kind} (${JSON.stringify(query)}, ${count} pages): median ${median(times).toFixed(1)} ms, p90 ${p90(times).toFixed(1)} ms`,
  );
}
console.log(
  `space search of ${GROUPS * (PER_GROUP + 1)} pages: median ${median(all).toFixed(1)} ms over every query (target < 20 ms)`,
);

// 2. An organization of SPACES spaces of PAGES_PER_SPACE pages (the big space deleted first).
await executeOperation(operations.spaces.remove, ctx, { spaceId: bigSpace.id });
[ms] = await time(async () => {
  for (let s = 0; s < SPACES; s++) await spaceOf(`Space ${s}`, 0, PAGES_PER_SPACE);
});
console.log(`built ${SPACES} spaces of ${PAGES_PER_SPACE} pages in ${(ms / 1000).toFixed(1)} s`);
const [orgCold] = await time(() =>
  executeOperation(operations.spaces.searchInOrganization, ctx, {
    organizationId: organization.id,
    query: probe,
  }),
);
console.log(
  `organization search, the first ever (every body's outline derived, every space indexed): ${(orgCold / 1000).toFixed(2)} s`,
);
const orgTimes: number[] = [];
let found = 0;
for (const [kind, query] of QUERIES) {
  const times: number[] = [];
  for (let i = 0; i < Math.ceil(ROUNDS / QUERIES.length); i++) {
    const [took, page] = await time(() =>
      executeOperation(operations.spaces.searchInOrganization, ctx, {
        organizationId: organization.id,
        query,
        limit: 20,
      }),
    );
    times.push(took);
    found = Math.max(found, page.count);
  }
  orgTimes.push(...times);
  console.log(
    `  organization search, ${kind}: median ${median(times).toFixed(1)} ms, p90 ${p90(times).toFixed(1)} ms`,
  );
}
console.log(
  `organization search of ${SPACES} × ${PAGES_PER_SPACE} pages: median ${median(orgTimes).toFixed(1)} ms, p90 ${p90(orgTimes).toFixed(1)} ms (target < 50 ms; up to ${found} spaces found)`,
);

await store.close();
await rm(dataDir, { recursive: true, force: true });
