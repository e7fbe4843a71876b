/**
 * `tsx bench/git-sync.ts`: exporting a 1,000-page space (and 20 images) to a Git repository
 * and importing it back with `ServerGitRepositories`, over a local bare repository (by path)
 * and over smart HTTP (`git http-backend` on 127.0.0.1, the transport tests' fixture). Each
 * round: a first export (every blob new), an export of one changed page, then a read.
 * Target (issue 17): import and export of a 1,000-page repository under 10 s each.
 * BENCH_PAGES and BENCH_ROUNDS change the size and the rounds.
 */
import { basename, dirname } from 'node:path';
import type { GitExportedFile, GitExportedPage, GitWriteRequest } from '@quire/domain';
import { DirectoryBlobStore } from '@quire/persistence';
import { ServerGitRepositories } from '../src/git-sync/server-git-repositories';
import { bareRepository, smartHttpServer, temporaryFolder } from '../test/git-sync/git-server-fixture';

const PAGES = Number(process.env.BENCH_PAGES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECTIONS = 20;

const blobs = await DirectoryBlobStore.open(await temporaryFolder('quire-bench-git-blobs-'));
const repositories = new ServerGitRepositories(
  blobs,
  { maxFileBytes: 10 * 1024 * 1024, maxFiles: 20_000, maxImportBytes: 256 * 1024 * 1024 },
  { allowHosts: ['127.0.0.1'], allowFile: true },
);

const files: GitExportedFile[] = [];
for (let n = 0; n < 20; n++) {
  const bytes = new Uint8Array(4096).map((_, i) => (i * 31 + n) % 256);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  files.push({ id: `f${n}`, name: `image-${n}.png`, hash: (await blobs.put(bytes)).hash });
}

function body(n: number): string {
  const paragraph = `Paragraph of page ${n} with **bold**, \`code\` and a [link](https://example.com/${n}).`;
  const links =
    n % 3 === 0
      ? `\n\nSee [page ${n + 1}](/pages/p${(n + 1) % PAGES}) and ![image](/files/f${n % 20}).\n`
      : '\n';
  return `## Section\n\n${Array.from({ length: 6 }, () => paragraph).join('\n\n')}\n\n- one\n- two\n\n\`\`\`js\nconst x = ${n};\n\`\`\`${links}`;
}

function space(edit = ''): GitExportedPage[] {
  const perSection = Math.ceil(PAGES / SECTIONS) - 1;
  let n = 0;
  const page = (children: GitExportedPage[] = []): GitExportedPage => {
    const id = `p${n}`;
    const made = {
      id,
      title: `Page ${n}`,
      slug: `page-${n}`,
      hidden: false,
      markdown: body(n) + (n === 5 ? edit : ''),
      children,
    };
    n++;
    return made;
  };
  const sections: GitExportedPage[] = [];
  while (n < PAGES) {
    const section = page();
    for (let c = 0; c < perSection && n < PAGES; c++) section.children.push(page());
    sections.push(section);
  }
  return sections;
}

const request = (url: string, edit = ''): GitWriteRequest => ({
  url,
  ref: 'main',
  pages: space(edit),
  files,
  message: 'Bench export',
  author: { name: 'Bench', email: 'bench@example.com' },
});

const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
};

const first = await bareRepository();
const server = await smartHttpServer(dirname(first));
for (const transport of ['path', 'http'] as const) {
  for (let round = 0; round < ROUNDS; round++) {
    const bare = await bareRepository();
    const url = transport === 'path' ? bare : `${server.base}${basename(bare)}`;
    const [, exported] = await timed(() => repositories.write(request(url)));
    const [again, changed] = await timed(() => repositories.write(request(url, '\nEdited.\n')));
    const [read, imported] = await timed(() => repositories.read({ url, ref: 'main' }));
    const count = (pages: readonly { children: readonly unknown[] }[]): number =>
      pages.reduce((sum, p) => sum + 1 + count(p.children as { children: readonly unknown[] }[]), 0);
    console.log(
      `${transport} round ${round + 1}: export ${exported.toFixed(0)} ms, export of one change ${changed.toFixed(0)} ms (changed: ${again.changed}), import ${imported.toFixed(0)} ms (${count(read.content.pages)} pages, ${read.content.files.length} files)`,
    );
  }
}
await server.close();
