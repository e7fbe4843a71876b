/**
 * Production mode as `pnpm start` runs it: start.mjs finds no build, builds the workspace
 * (into an out dir of this file's own, beside the real dist/, which tests running the
 * `quire` launcher may be reading), then runs the built server with NODE_ENV=production.
 * One build and one server for the whole file; the tests run in order, the last one stops
 * the server.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, rmdir } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, readBuildRecord, recordFileOf } from '../../scripts/build-record.mjs';

const START = join(ROOT, 'apps/server/scripts/start.mjs');
const OUT_DIR = `dist/test-${randomUUID().slice(0, 8)}`;
const TOKEN = 'quire_test_0123456789abcdefghijkl';
const TIMEOUT = 90_000;

/** A port nothing listens on: bound once, then released. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Everything the child printed so far, on both streams. */
let output = '';

/** Resolves once the child has printed `text`; rejects if it exits first. */
function printed(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (output.includes(text)) return resolve();
    const onData = () => {
      if (!output.includes(text)) return;
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`exited (${code ?? signal}) before printing "${text}":\n${output}`)),
    );
  });
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

/** The directories the build wrote into: `<package>/<OUT_DIR>`. */
function outDirs(): string[] {
  const packages = readdirSync(join(ROOT, 'packages')).map((name) => join(ROOT, 'packages', name));
  return [...packages, join(ROOT, 'apps/server')].map((dir) => join(dir, OUT_DIR));
}

let dataDir: string;
let server: ChildProcess;
let baseUrl: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quire-production-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [START, '--out-dir', OUT_DIR], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      QUIRE_DATA_DIR: dataDir,
      QUIRE_BOOTSTRAP_TOKEN: TOKEN,
      LOG_LEVEL: 'info',
    },
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await printed(server, 'Quire is ready');
}, TIMEOUT);

afterAll(async () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  await Promise.all(
    outDirs().map(async (dir) => {
      await rm(dir, { recursive: true, force: true });
      // dist/ itself goes too when this build was all it held.
      await rmdir(dirname(dir)).catch(() => undefined);
    }),
  );
});

describe('pnpm start without a build', () => {
  it('builds first, then serves /healthz and authenticated calls', async () => {
    expect(output).toContain('quire: building (no build yet)');
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(200);
    const orgs = await fetch(`${baseUrl}/v1/orgs`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(orgs.status).toBe(200);
    const body = (await orgs.json()) as { items: { title: string }[] };
    expect(body.items.map((org) => org.title)).toEqual(['Quire']);
  });

  it('builds a command line that answers --help', async () => {
    const help = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(process.execPath, [join(ROOT, 'apps/server', OUT_DIR, 'cli.js'), '--help'], (error, stdout) =>
        resolve({ code: error ? Number(error.code) : 0, stdout }),
      ),
    );
    expect(help.code).toBe(0);
    for (const command of ['serve', 'setup', 'users', 'tokens']) expect(help.stdout).toContain(command);
  });

  it('answers --help itself, and a wrong option with a line naming it, never a stack', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(process.execPath, [START, ...args], (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        ),
      );
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: pnpm start');
    expect(help.stdout).toContain('pnpm quire --help');
    const wrong = await run(['--port=1']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^quire: Unknown option '--port'/);
    expect(wrong.stderr).toContain('Usage: pnpm start');
    expect(wrong.stderr).not.toMatch(/\n\s+at /);
  });

  it('leaves only imports of production dependencies in the build', () => {
    const record = readBuildRecord(recordFileOf(OUT_DIR));
    const bundles = (record?.outputs ?? []).filter((output) => output.endsWith('.js'));
    expect(bundles.length).toBeGreaterThan(0);
    const undeclared: string[] = [];
    for (const bundle of bundles) {
      const manifest = JSON.parse(readFileSync(join(ownerOf(join(ROOT, bundle)), 'package.json'), 'utf8'));
      const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
      for (const specifier of importsOf(readFileSync(join(ROOT, bundle), 'utf8'))) {
        if (specifier.startsWith('.') || isBuiltin(specifier)) continue;
        if (!dependencies.has(packageNameOf(specifier))) undeclared.push(`${bundle}: ${specifier}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('closes cleanly and exits 0 on Ctrl-C, also when pnpm forwards it a second time', async () => {
    const exit = exited(server);
    server.kill('SIGINT');
    await printed(server, 'shutting down');
    server.kill('SIGINT');
    expect(await exit).toEqual({ code: 0, signal: null });
  });
});

/** What esbuild's output imports: `import ... from "x";`, `import "x";`, `import("x")`. */
function importsOf(bundle: string): string[] {
  const patterns = [
    /^(?:import|export)\s[^;]*?\bfrom\s*"([^"]+)";/gm,
    /^import\s*"([^"]+)";/gm,
    /\bimport\(\s*"([^"]+)"\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...bundle.matchAll(pattern)].map((match) => match[1] as string));
}

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** The package directory (the nearest with a package.json) that holds a file. */
function ownerOf(file: string): string {
  let dir = dirname(file);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}
