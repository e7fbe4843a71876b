/**
 * `tsx bench/gitbook-import.ts [pages]`: the import target of issue 27, a generated
 * GitBook-format repository of 1,000 pages (`gitbook-format-repository.ts`: every block of
 * GitBook's dialect on every page, a SUMMARY with groups, includes, assets) imported through
 * Git Sync into a fresh server, over the HTTP API, in under 30 s; then exported at once
 * (the goal: no file changed). Reported as `measureRepository` reports a real repository.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { png } from '../test/git-sync/repository-fixture';
import { gitbookFormatRepository } from './gitbook-format-repository';
import { measureRepository } from './gitbook-repository-measure';

const PAGES = Number(process.argv[2] ?? 1000);
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Bench',
      GIT_AUTHOR_EMAIL: 'bench@example.test',
      GIT_COMMITTER_NAME: 'Bench',
      GIT_COMMITTER_EMAIL: 'bench@example.test',
    },
  }).trim();

const work = await mkdtemp(join(tmpdir(), 'quire-gitbook-generated-'));
try {
  const files = gitbookFormatRepository(PAGES, () => png);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(work, path)), { recursive: true });
    await writeFile(join(work, path), content);
  }
  git(work, 'init', '--quiet', '--initial-branch=main');
  git(work, 'add', '-A');
  git(work, 'commit', '--quiet', '-m', 'Generated GitBook-format repository');
  const markdownBytes = Object.entries(files)
    .filter(([path]) => path.endsWith('.md'))
    .reduce((sum, [, content]) => sum + (typeof content === 'string' ? Buffer.byteLength(content) : 0), 0);
  console.log(`generated: ${PAGES} pages, ${(markdownBytes / 1024).toFixed(0)} KiB of markdown`);
  const figures = await measureRepository(work);
  console.log(
    `target: ${figures.pages} pages imported in ${figures.importSeconds} s (under 30 s: ${figures.importSeconds < 30 ? 'met' : 'NOT met'})`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
