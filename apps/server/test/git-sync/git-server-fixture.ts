/**
 * Real Git repositories for the transport tests: bare repositories made and filled with the
 * system `git`, and a smart-HTTP server in the test process (`git http-backend` run as CGI
 * from node:http on 127.0.0.1), with basic auth when asked.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { GitRepositoryError } from '@quire/domain';

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Someone',
  GIT_AUTHOR_EMAIL: 'someone@example.com',
  GIT_COMMITTER_NAME: 'Someone',
  GIT_COMMITTER_EMAIL: 'someone@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

/** The `GitRepositoryError` a promise fails with (anything else fails the test). */
export async function failureOf(promise: Promise<unknown>): Promise<GitRepositoryError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GitRepositoryError) return error;
    throw error;
  }
  throw new Error('expected a GitRepositoryError');
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' }).trim();
}

export async function temporaryFolder(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** A new, empty bare repository (branch `main`) that accepts pushes over HTTP. */
export async function bareRepository(): Promise<string> {
  const path = await temporaryFolder('quire-git-bare-');
  git(path, 'init', '--quiet', '--bare', '--initial-branch=main');
  git(path, 'config', 'http.receivepack', 'true');
  return path;
}

/** Commits `files` (a whole tree) to `branch` of the bare repository `bare`; answers the commit. */
export async function commitFiles(
  bare: string,
  files: Record<string, string | Uint8Array>,
  message = 'Hand-made',
  branch = 'main',
): Promise<string> {
  const work = await temporaryFolder('quire-git-work-');
  git(work, 'init', '--quiet', `--initial-branch=${branch}`);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), content);
  }
  git(work, 'add', '-A');
  git(work, 'commit', '--quiet', '-m', message);
  git(work, 'push', '--quiet', '--force', bare, `HEAD:refs/heads/${branch}`);
  return git(work, 'rev-parse', 'HEAD');
}

export interface SmartHttpServer {
  /** `http://127.0.0.1:<port>/` */
  base: string;
  close(): Promise<void>;
}

/** Serves the bare repositories under `root` (`<base><folder name>`) with `git http-backend`. */
export async function smartHttpServer(
  root: string,
  credentials?: { user: string; password: string },
): Promise<SmartHttpServer> {
  const expected =
    credentials && `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
  const server: Server = createServer((request, response) => {
    if (expected && request.headers.authorization !== expected) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end('Unauthorized');
      return;
    }
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const backend = spawn('git', ['http-backend'], {
      env: {
        ...GIT_ENV,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: request.method ?? 'GET',
        CONTENT_TYPE: request.headers['content-type'] ?? '',
        REMOTE_USER: credentials?.user ?? 'anonymous',
        REMOTE_ADDR: '127.0.0.1',
        ...(request.headers['git-protocol'] ? { GIT_PROTOCOL: String(request.headers['git-protocol']) } : {}),
      },
    });
    request.pipe(backend.stdin);
    const output: Buffer[] = [];
    backend.stdout.on('data', (part: Buffer) => output.push(part));
    backend.on('close', () => {
      const all = Buffer.concat(output);
      const end = all.indexOf('\r\n\r\n');
      const head = all.subarray(0, end).toString('latin1');
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.split('\r\n')) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      response.writeHead(status, headers).end(all.subarray(end + 4));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
