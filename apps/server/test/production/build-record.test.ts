/**
 * Whether a build is still that of the sources: `pnpm start` rebuilds when it is not, and
 * the `quire` launcher runs the sources instead. Judged by content, so a copied tree (new
 * dates, same contents) stays built.
 */
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStateOf, ROOT, readBuildRecord, writeBuildRecord } from '../../scripts/build-record.mjs';

let dir: string;
let recordFile: string;
let source: string;
let bundle: string;
/** Paths as a record holds them: relative to the repository's root. */
const inRecord = (path: string) => relative(ROOT, path);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-build-record-'));
  recordFile = join(dir, 'build-record.json');
  source = join(dir, 'source.ts');
  bundle = join(dir, 'bundle.js');
  await writeFile(source, 'export const answer = 42;\n');
  await writeFile(bundle, 'export const answer = 42;\n');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const record = () =>
  writeBuildRecord(recordFile, { inputs: [inRecord(source)], outputs: [inRecord(bundle)] });

describe('the state of a build', () => {
  it('is missing before any build', () => {
    expect(buildStateOf(recordFile)).toEqual({ state: 'missing' });
  });

  it('is fresh while its inputs hash the same, whatever their dates', async () => {
    record();
    expect(readBuildRecord(recordFile)?.inputs).toHaveProperty([inRecord(source)]);
    const later = new Date(Date.now() + 60_000);
    await utimes(source, later, later);
    expect(buildStateOf(recordFile)).toEqual({ state: 'fresh' });
  });

  it('is stale once an input changed, naming it', async () => {
    record();
    await writeFile(source, 'export const answer = 43;\n');
    expect(buildStateOf(recordFile)).toEqual({ state: 'stale', because: `${inRecord(source)} changed` });
  });

  it('is stale once an input is gone', async () => {
    record();
    await rm(source);
    expect(buildStateOf(recordFile)).toEqual({ state: 'stale', because: `${inRecord(source)} changed` });
  });

  it('is stale once an output is gone, naming it', async () => {
    record();
    await rm(bundle);
    expect(buildStateOf(recordFile)).toEqual({ state: 'stale', because: `${inRecord(bundle)} is missing` });
  });
});
