/**
 * A GitBook-synced repository measured through Git Sync, as a person would use it: its HEAD
 * copied into a bare repository in a temporary folder (the export writes there, never to
 * the source), imported over the HTTP API into a fresh server, every page's document read
 * back and searched for GitBook's syntax left as text (`gitbook-syntax.ts`: code blocks and
 * inline code excluded), then exported at once; what the export changed is `git diff
 * --name-status`. Used by `gitbook-repositories.ts` (real repositories) and
 * `gitbook-import.ts` (the generated one).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LITERAL_SYNTAX, proseOf } from '../test/git-sync/gitbook-syntax';
import { seedOrganization, startBenchServer } from './bench-server';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies.
type Json = any;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim();

export interface RepositoryFigures {
  repository: string;
  projectDirectory: string;
  commit: string;
  stubbedBlobs: number;
  pages: number;
  pagesWithSyntax: number;
  pagesPerConstruct: Record<string, number>;
  filesChangedByExport: number;
  importSeconds: number;
  importCpuSeconds: number;
  exportSeconds: number;
}

/** Imports the repository at `source` (its HEAD) into a fresh server, exports it at once, and reports. */
export async function measureRepository(
  source: string,
  projectDirectory?: string,
  options: { listPages?: boolean } = {},
): Promise<RepositoryFigures> {
  const work = await mkdtemp(join(tmpdir(), 'quire-gitbook-repository-'));
  const bare = join(work, 'repository.git');
  git(work, 'clone', '--quiet', '--bare', '--single-branch', resolve(source), bare);
  const branch = git(bare, 'symbolic-ref', '--short', 'HEAD');
  const sourceCommit = git(bare, 'rev-parse', 'HEAD');
  const stubbed = stubMissingBlobs(bare, branch);
  const commit = git(bare, 'rev-parse', 'HEAD');

  const quire = await startBenchServer('gitbook-repositories', {
    QUIRE_GIT_ALLOW_FILE: '1',
    QUIRE_FILE_MAX_BYTES: String(50 * 1024 * 1024),
    ...readingBudgetOfEnvironment(),
  });
  try {
    const { token, organization } = await seedOrganization(quire, { members: 0, memberName: 'Reader' });
    const call = async (
      method: string,
      path: string,
      body?: unknown,
    ): Promise<{ status: number; body: Json }> => {
      const answer = await fetch(`${quire.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      return { status: answer.status, body: text === '' ? undefined : JSON.parse(text) };
    };
    const run = async (spaceId: string, direction: 'import' | 'export', body: Json) => {
      const key = direction === 'import' ? 'lastImport' : 'lastExport';
      const before = (await call('GET', `/v1/spaces/${spaceId}/git/info`)).body?.[key]?.job;
      const started = performance.now();
      const answer = await call('POST', `/v1/spaces/${spaceId}/git/${direction}`, body);
      if (answer.status !== 204)
        throw new Error(`${direction}: ${answer.status} ${JSON.stringify(answer.body)}`);
      for (;;) {
        const info = (await call('GET', `/v1/spaces/${spaceId}/git/info`)).body;
        const state = info?.[key];
        if (state && state.job !== before && state.state !== 'running') {
          if (state.state !== 'success') throw new Error(`${direction}: ${JSON.stringify(state)}`);
          return performance.now() - started;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };

    const space = (await call('POST', `/v1/orgs/${organization.id}/spaces`, { title: 'Measured' })).body;
    const ref = {
      url: bare,
      ref: `refs/heads/${branch}`,
      ...(projectDirectory ? { repoProjectDirectory: projectDirectory } : {}),
    };
    // CPU time of the whole process (every thread: the job's, the markdown threads'), the
    // figure to compare on a shared machine, where wall time counts other processes' turns.
    const cpuBefore = process.cpuUsage();
    const importMs = await run(space.id, 'import', ref);
    const importCpu = process.cpuUsage(cpuBefore);

    const pages: Json[] = [];
    const walk = (list: Json[]) => {
      for (const page of list) {
        if (page.type === 'document') pages.push(page);
        walk(page.pages ?? []);
      }
    };
    walk((await call('GET', `/v1/spaces/${space.id}/content/pages`)).body.pages);

    const pagesPerConstruct = new Map<string, number>();
    const pagesWithSyntax: string[] = [];
    const pageLines: string[] = [];
    const examples = new Map<string, string>();
    for (const page of pages) {
      const read = await call('GET', `/v1/spaces/${space.id}/content/page/${page.id}?format=document`);
      const texts = proseOf(read.body.document);
      const found = LITERAL_SYNTAX.filter(([, pattern]) => texts.some((text) => pattern.test(text)));
      if (found.length === 0) continue;
      pagesWithSyntax.push(page.path);
      for (const [name, pattern] of found) {
        if (options.listPages) {
          const text = texts.find((candidate) => pattern.test(candidate)) as string;
          const at = Math.max(0, text.search(pattern) - 20);
          pageLines.push(`    ${page.path}  ${name}: ${text.slice(at, at + 110).replace(/\s+/g, ' ')}`);
        }
        pagesPerConstruct.set(name, (pagesPerConstruct.get(name) ?? 0) + 1);
        if (!examples.has(name)) {
          const text = texts.find((candidate) => pattern.test(candidate)) as string;
          const at = Math.max(0, text.search(pattern) - 10);
          examples.set(name, `${page.path}: ${text.slice(at, at + 70).replace(/\s+/g, ' ')}`);
        }
      }
    }

    const exportMs = await run(space.id, 'export', { ...ref, commitMessage: 'Quire: export at once' });
    const after = git(bare, 'rev-parse', branch);
    const changed = after === commit ? [] : git(bare, 'diff', '--name-status', commit, after).split('\n');

    const figures: RepositoryFigures = {
      repository: resolve(source),
      projectDirectory: projectDirectory ?? '',
      commit: sourceCommit,
      stubbedBlobs: stubbed,
      pages: pages.length,
      pagesWithSyntax: pagesWithSyntax.length,
      pagesPerConstruct: Object.fromEntries(pagesPerConstruct),
      filesChangedByExport: changed.length,
      importSeconds: Number((importMs / 1000).toFixed(2)),
      importCpuSeconds: Number(((importCpu.user + importCpu.system) / 1e6).toFixed(2)),
      exportSeconds: Number((exportMs / 1000).toFixed(2)),
    };
    console.log(
      `${figures.repository}${projectDirectory ? ` (${projectDirectory}/)` : ''} at ${sourceCommit}`,
    );
    if (stubbed > 0) console.log(`  ${stubbed} blobs absent from the snapshot replaced by placeholders`);
    console.log(
      `  pages imported: ${figures.pages} in ${figures.importSeconds} s (${figures.importCpuSeconds} s of CPU)`,
    );
    console.log(`  pages with GitBook syntax left as text: ${figures.pagesWithSyntax}`);
    for (const [name, count] of [...pagesPerConstruct].sort((a, b) => b[1] - a[1]))
      console.log(`    ${String(count).padStart(4)}  ${name.padEnd(26)} e.g. ${examples.get(name)}`);
    if (options.listPages) for (const line of pageLines) console.log(line);
    console.log(
      `  files changed by an export at once: ${changed.length} (export ${figures.exportSeconds} s)`,
    );
    for (const line of changed.slice(0, 15)) console.log(`    ${line}`);
    if (changed.length > 15) console.log(`    ... and ${changed.length - 15} more`);
    return figures;
  } finally {
    await quire.close();
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The markdown threads' reading budget when the environment sets it: the budget is wall-clock,
 * so on a loaded machine a page that costs 0.2 s of CPU can pass its 5 s and be refused, which
 * stops the import; a measure of what a repository holds may give the threads more time.
 */
function readingBudgetOfEnvironment(): Record<string, string> {
  const names = ['QUIRE_MARKDOWN_MIN_MS', 'QUIRE_MARKDOWN_MS_PER_KIB'] as const;
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

/** Replaces each blob the tree names and the object database lacks; answers how many. */
function stubMissingBlobs(repository: string, branch: string): number {
  const entries = git(repository, 'ls-tree', '-r', '--full-tree', branch)
    .split('\n')
    .map((line) => {
      const [meta, path] = line.split('\t') as [string, string];
      const [mode, type, oid] = meta.split(' ') as [string, string, string];
      return { mode, type, oid, path };
    })
    .filter((entry) => entry.type === 'blob');
  const checked = execFileSync('git', ['cat-file', '--batch-check'], {
    cwd: repository,
    input: `${entries.map((entry) => entry.oid).join('\n')}\n`,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).split('\n');
  const missing = entries.filter((_, index) => checked[index]?.endsWith(' missing'));
  if (missing.length === 0) return 0;
  const index = join(repository, 'stub-index');
  const env = {
    ...process.env,
    GIT_INDEX_FILE: index,
    GIT_AUTHOR_NAME: 'Bench',
    GIT_AUTHOR_EMAIL: 'bench@example.test',
    GIT_COMMITTER_NAME: 'Bench',
    GIT_COMMITTER_EMAIL: 'bench@example.test',
  };
  const run = (args: string[], input?: string) =>
    execFileSync('git', args, { cwd: repository, env, encoding: 'utf8', input }).trim();
  run(['read-tree', branch]);
  const stub = run(['hash-object', '-w', '--stdin'], 'absent from the snapshot\n');
  for (const entry of missing) run(['update-index', '--cacheinfo', `${entry.mode},${stub},${entry.path}`]);
  const tree = run(['write-tree']);
  const commit = run(
    ['commit-tree', tree, '-p', branch, '-m', 'Placeholders for blobs the snapshot lacks'],
    '',
  );
  run(['update-ref', `refs/heads/${branch}`, commit]);
  return missing.length;
}
