/**
 * An http(s) repository opened at a ref: its advertised refs listed (the ref resolved
 * among them: the server's HEAD plays no part, so a HEAD naming a missing branch does not
 * matter), then the ref's commit fetched shallow (`fetchShallow`: depth 1, that commit
 * only, its pack checked before it is indexed) into a temporary bare gitdir, removed on
 * `close`. A write pushes its commit to the ref
 * through the same client; the server refuses it when the ref moved meanwhile. Every
 * request goes through `gitHttpTransfer` (the outbound rules), with the credentials only
 * as a header.
 */
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitRepositoryError } from '@quire/domain';
import git from 'isomorphic-git';
import { type GitTransferLimits, gitHttpTransfer } from './git-http-client';
import type { GitRemote } from './git-remote';
import { type OpenedRef, type RefPurpose, unknownRef } from './opened-ref';
import { fetchShallow } from './shallow-fetch';

export async function openHttpRef(
  remote: Extract<GitRemote, { transport: 'http' }>,
  candidates: readonly string[],
  purpose: RefPurpose,
  limits: GitTransferLimits & { maxObjectBytes: number },
  signal?: AbortSignal,
): Promise<OpenedRef> {
  const { maxObjectBytes } = limits;
  const transfer = gitHttpTransfer(limits, signal);
  const { http } = transfer;
  const { url, headers } = remote;
  let gitdir: string | undefined;
  const close = async () => {
    transfer.close();
    if (gitdir !== undefined) await rm(gitdir, { recursive: true, force: true });
  };
  try {
    const info = await git.getRemoteInfo2({ http, url, headers, protocolVersion: 1 });
    const advertised = new Map((info.refs ?? []).map((entry) => [entry.ref, entry.oid]));
    const ref = candidates.find((candidate) => advertised.has(candidate));
    if (ref === undefined && purpose === 'read') throw unknownRef();
    gitdir = await mkdtemp(join(tmpdir(), 'quire-git-'));
    const store = { gitdir, cache: {} };
    await git.init({ fs, gitdir, bare: true });
    const head = ref === undefined ? undefined : advertised.get(ref);
    if (head !== undefined)
      await fetchShallow({
        http,
        url,
        headers,
        capabilities: info.capabilities as Record<string, string | true>,
        oid: head,
        gitdir,
        maxObjectBytes,
      });
    const target = ref ?? (candidates[0] as string);
    return {
      store,
      ref: target,
      head,
      publish: async (commit) => {
        const local = 'refs/heads/quire-export';
        await git.writeRef({ fs, gitdir: store.gitdir, ref: local, value: commit, force: true });
        const pushed = await git.push({
          fs,
          http,
          ...store,
          url,
          headers,
          ref: local,
          remoteRef: target,
          ...(signal ? { signal } : {}),
        });
        if (!pushed.ok) throw new GitRepositoryError('rejected', 'The repository refused the push');
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
