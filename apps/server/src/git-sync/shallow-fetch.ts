/**
 * A shallow fetch of one commit over Git's smart HTTP (protocol v1, `git-upload-pack`), in
 * place of isomorphic-git's `fetch`, which fails ("Could not find HEAD", an internal error)
 * whenever the server's HEAD names a branch that does not exist, even for another ref that
 * does, and which indexes the pack it receives (inflating every object in memory) before
 * anyone can look at it. Here:
 *
 * 1. the one object wanted is asked for at depth 1 (`want <oid>`, `deepen 1`, `done`), with
 *    `side-band-64k` and `ofs-delta` when the server offers them, no progress;
 * 2. the answer's shallow lines and NAK are read, then the pack (from band 1 of the side
 *    band; band 3, the server's error, fails the fetch without its text: it may echo anything);
 * 3. the pack is checked (`checkPack`: every object's size, declared and inflated, within
 *    `maxObjectBytes`) BEFORE it is stored and indexed by isomorphic-git (`indexPack`);
 * 4. the shallow commits are recorded in `shallow`, as Git does.
 *
 * The HTTP client is the transfer's (`gitHttpTransfer`: outbound rules, byte and time caps).
 */
import fs from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GitRepositoryError } from '@quire/domain';
import git, { type HttpClient } from 'isomorphic-git';
import { checkPack } from './pack-check';

export interface ShallowFetch {
  http: HttpClient;
  /** The repository's URL (without credentials). */
  url: string;
  headers: Record<string, string>;
  /** What the server advertised (`getRemoteInfo2`'s `capabilities`). */
  capabilities: Readonly<Record<string, string | true>>;
  oid: string;
  gitdir: string;
  maxObjectBytes: number;
}

const WANTED_CAPABILITIES = ['side-band-64k', 'ofs-delta', 'shallow', 'no-progress'];

export async function fetchShallow(request: ShallowFetch): Promise<void> {
  const capabilities = WANTED_CAPABILITIES.filter((name) => name in request.capabilities);
  if (!capabilities.includes('shallow'))
    throw new GitRepositoryError('unreachable', 'The repository does not serve shallow fetches');
  const body = Buffer.concat([
    pktLine(`want ${request.oid} ${[...capabilities, 'agent=git/isomorphic-git-quire'].join(' ')}\n`),
    pktLine('deepen 1\n'),
    Buffer.from('0000'),
    pktLine('done\n'),
  ]); // 1.
  const response = await request.http.request({
    url: `${request.url.replace(/\/+$/, '')}/git-upload-pack`,
    method: 'POST',
    headers: {
      ...request.headers,
      'content-type': 'application/x-git-upload-pack-request',
      accept: 'application/x-git-upload-pack-result',
    },
    body: (async function* () {
      yield body;
    })(),
  });
  const answer = await collected(response.body);
  if (response.statusCode !== 200) throw httpFailure(response.statusCode);
  const { shallow, pack } = parseAnswer(answer, capabilities.includes('side-band-64k')); // 2.
  checkPack(pack, request.maxObjectBytes); // 3.
  const name = `objects/pack/pack-${pack.subarray(-20).toString('hex')}.pack`;
  await writeFile(join(request.gitdir, name), pack);
  await git.indexPack({ fs, dir: request.gitdir, gitdir: request.gitdir, filepath: name });
  if (shallow.length > 0) await writeFile(join(request.gitdir, 'shallow'), `${shallow.join('\n')}\n`); // 4.
}

function pktLine(text: string): Buffer {
  const payload = Buffer.from(text);
  return Buffer.concat([Buffer.from((payload.length + 4).toString(16).padStart(4, '0')), payload]);
}

/** The shallow commits and the pack of an upload-pack answer. */
function parseAnswer(answer: Buffer, sideBand: boolean): { shallow: string[]; pack: Buffer } {
  let at = 0;
  /** The next pkt-line's payload; null for a flush. */
  const next = (): Buffer | null => {
    if (at + 4 > answer.length) throw corrupt();
    const length = Number.parseInt(answer.subarray(at, at + 4).toString('latin1'), 16);
    if (Number.isNaN(length) || (length > 0 && length < 4) || at + length > answer.length) throw corrupt();
    const start = at + 4;
    at += length === 0 ? 4 : length;
    return length === 0 ? null : answer.subarray(start, at);
  };
  const shallow: string[] = [];
  for (;;) {
    const line = next();
    if (line === null) continue;
    const text = line.toString('latin1').trimEnd();
    if (text.startsWith('shallow ')) shallow.push(text.slice(8));
    else if (text.startsWith('unshallow ')) continue;
    else if (text === 'NAK' || text.startsWith('ACK ')) break;
    else if (text.startsWith('ERR ')) throw refusedByServer();
    else throw corrupt();
  }
  if (!sideBand) return { shallow, pack: answer.subarray(at) };
  const parts: Buffer[] = [];
  while (at < answer.length) {
    const line = next();
    if (line === null) break;
    const band = line[0];
    if (band === 1) parts.push(line.subarray(1));
    else if (band === 3) throw refusedByServer();
  }
  return { shallow, pack: Buffer.concat(parts) };
}

async function collected(body: AsyncIterableIterator<Uint8Array> | undefined): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  if (body) for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
}

function httpFailure(status: number): GitRepositoryError {
  if (status === 401 || status === 403)
    return new GitRepositoryError('auth', `The repository refused the credentials (HTTP ${status})`);
  if (status === 404) return new GitRepositoryError('not-found', 'No repository at this URL (HTTP 404)');
  return new GitRepositoryError('unreachable', `The repository answered with HTTP status ${status}`);
}

const corrupt = () =>
  new GitRepositoryError('unreachable', 'The repository sent an answer that is not a Git pack');
const refusedByServer = () =>
  new GitRepositoryError('unreachable', 'The repository refused to send the commit');
