/**
 * `quire blobs collect [--dry-run]` over a data directory the test prepared (the embedded
 * store takes one process at a time: the test closes it before each command): `--help`
 * says what it does; a dry run says what it would delete and deletes nothing; a run deletes
 * the blob no record names and keeps the one a record of any collection names (here inside
 * a longer string, in a collection no repository knows); `--json` gives the report; beside a
 * running server, the run is the server's, reached through its command socket.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { DirectoryBlobStore } from '@quire/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config';
import { openConfiguredStore } from '../../src/open-configured-store';
import { envFor, makeDataDir, startServerOn } from '../support/data-dir-server';
import { runQuire } from '../support/run-quire';

const TIMEOUT = 120_000;
const TWO_DAYS = 2 * 24 * 60 * 60 * 1000;

let dataDir = '';
let named = '';
let unnamed = '';

const quire = (args: string[]) => runQuire(args, envFor(dataDir));
/** The data directory's blob store, opened (the command is not running meanwhile). */
const blobStore = (now = Date.now) => DirectoryBlobStore.open(path.join(dataDir, 'blobs'), { now });

beforeAll(async () => {
  dataDir = await makeDataDir();
  const store = await openConfiguredStore(parseConfig(envFor(dataDir)));
  try {
    // Stored two days ago: past the grace of 24 hours.
    const blobs = await blobStore(() => Date.now() - TWO_DAYS);
    named = (await blobs.put(new TextEncoder().encode('named by a note'))).hash;
    unnamed = (await blobs.put(new TextEncoder().encode('named by nothing'))).hash;
    await store.db
      .collection<{ _id: string; note: string }>('notesNoRepositoryKnows')
      .insertOne({ _id: 'note', note: `see https://docs.example/files/${named}/picture.png` });
  } finally {
    await store.close();
  }
}, TIMEOUT);
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('quire blobs collect', () => {
  it(
    'is listed by --help with its options',
    async () => {
      const blobs = await quire(['blobs', '--help']);
      expect(blobs.stdout).toContain('collect');
      const collect = await quire(['blobs', 'collect', '--help']);
      expect(collect.stdout).toContain('--dry-run');
      expect(collect.stdout).toContain('no record names');
    },
    TIMEOUT,
  );

  it(
    'a dry run says what it would delete and deletes nothing; a run deletes it and keeps the named blob',
    async () => {
      const dry = await quire(['blobs', 'collect', '--dry-run']);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toMatch(
        /would delete 1 blob\(s\) \(16 B\), deleted nothing; kept 1 named by the store/,
      );
      expect(await (await blobStore()).has(unnamed)).toBe(true);

      const run = await quire(['blobs', 'collect', '--json']);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        dryRun: false,
        blobs: 2,
        kept: 1,
        young: 0,
        deleted: 1,
        deletedBytes: 16,
      });
      const blobs = await blobStore();
      expect(await blobs.has(unnamed)).toBe(false);
      expect(await blobs.has(named)).toBe(true);

      const again = await quire(['blobs', 'collect']);
      expect(again.stdout).toMatch(
        /deleted 0 blob\(s\), 0 B freed; kept 1 named by the store, 0 in their grace \(24 h\)/,
      );
    },
    TIMEOUT,
  );

  it(
    'beside a running server: runs in the server, through its command socket',
    async () => {
      const server = await startServerOn(dataDir);
      try {
        const run = await quire(['--verbose', 'blobs', 'collect', '--dry-run']);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).toContain(`quire: through the server running on ${dataDir}`);
        expect(run.stdout).toMatch(
          /^blob collection: would delete 0 blob\(s\) \(0 B\), deleted nothing; kept 1 named by the store/,
        );
      } finally {
        await server.close();
      }
    },
    TIMEOUT,
  );
});
