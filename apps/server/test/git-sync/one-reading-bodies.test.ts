/**
 * A Git import's page bodies made in one reading per page (the folder reader leaves each
 * page's relative links for its reading on a markdown thread, which also resolves the
 * import's links to page and file ids: `acceptedBodies`) are byte for byte the bodies of the
 * three passes before (the folder reader resolving relative links, then the page read by the
 * port, its includes resolved, then `addImportedContent` resolving `quire-import:` links),
 * over the GitBook-format fixture repository and a generated one with every block on every
 * page (`bench/gitbook-format-repository.ts`).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { readUntrustedMarkdown, rewriteLinks, rewriteOfFolderLinks } from '@quire/documents';
import {
  acceptedBodies,
  addImportedContent,
  type ImportedPage,
  inProcessUntrustedMarkdown,
  planImport,
  resolveIncludes,
  type UntrustedMarkdown,
} from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { gitbookFormatRepository } from '../../bench/gitbook-format-repository';
import { type RepositoryContent, readRepository } from '../../src/git-sync/read-repository';
import { flatten, importedFiles, LIMITS, png, repositoryTree } from './repository-fixture';

const FIXTURE = join(__dirname, '../fixtures/gitbook-repository');

async function filesUnder(folder: string): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(folder, path).split('\\').join('/')] = new Uint8Array(await readFile(path));
  }
  return files;
}

const env = () => {
  let next = 0;
  return { now: '2026-01-01T00:00:00.000Z', newId: () => `id${next++}` };
};

/** Include files' paths (under `.gitbook/includes/`) to made-up reusable content ids. */
function includeIds(files: Record<string, unknown>): Map<string, string> {
  return new Map(
    Object.keys(files)
      .filter((path) => path.startsWith('.gitbook/includes/'))
      .map((path, index) => [path, `rc${index}`]),
  );
}

/** The pages with their includes resolved (what the import job does before the bodies are made). */
function withIncludes(pages: ImportedPage[], idOfPath: ReadonlyMap<string, string>): void {
  for (const page of flatten(pages))
    if (page.git) page.markdown = resolveIncludes(page.markdown, page.git.path, idOfPath);
}

/** The bodies as the three passes made them. */
async function bodiesBefore(content: RepositoryContent, idOfPath: ReadonlyMap<string, string>) {
  const copy = structuredClone(content);
  for (const page of flatten(copy.pages)) {
    if (page.folderLinks) page.markdown = rewriteLinks(page.markdown, rewriteOfFolderLinks(page.folderLinks));
    delete page.folderLinks;
    const reading = readUntrustedMarkdown(page.markdown);
    if (!reading.ok) throw new Error(reading.reason);
    page.markdown = reading.markdown;
  }
  withIncludes(copy.pages, idOfPath);
  const added = addImportedContent(new Map(), { ...copy, totalResources: 0, importedResources: 0 }, env());
  return [...added.pages.values()].map((page) => [page.title, added.bodies.get(page.body)?.markdown]);
}

/** The bodies as one reading per page makes them, two pages at a time. */
async function bodiesNow(content: RepositoryContent, idOfPath: ReadonlyMap<string, string>) {
  const copy = structuredClone(content);
  withIncludes(copy.pages, idOfPath);
  const imported = { ...copy, totalResources: 0, importedResources: 0 };
  const plan = planImport(new Map(), imported, env());
  const port: UntrustedMarkdown & { readsAtOnce: number } = { ...inProcessUntrustedMarkdown, readsAtOnce: 2 };
  const bodies = await acceptedBodies({ untrustedMarkdown: port }, imported, plan.links, 'X');
  const added = addImportedContent(new Map(), imported, env(), plan, bodies);
  return [...added.pages.values()].map((page) => [page.title, added.bodies.get(page.body)?.markdown]);
}

describe('a Git import page body from one reading', () => {
  it.each([
    ['the fixture repository', () => filesUnder(FIXTURE)],
    ['a generated repository of every block', async () => gitbookFormatRepository(40, () => png)],
  ])('is the body of the passes before, byte for byte: %s', async (_, filesOf) => {
    const files = await filesOf();
    const content = await readRepository(repositoryTree(files), await importedFiles(), LIMITS);
    // The reader left the links to the reading: no page was parsed on its thread.
    expect(flatten(content.pages).filter((page) => page.git && !page.folderLinks)).toEqual([]);
    const idOfPath = includeIds(files);
    const before = await bodiesBefore(content, idOfPath);
    const now = await bodiesNow(content, idOfPath);
    expect(now).toEqual(before);
    // Links between pages and to files were resolved (not left as the source wrote them).
    const text = now.map(([, markdown]) => markdown).join('\n');
    expect(text).toMatch(/\]\(\/pages\/id\d+/);
    expect(text).toMatch(/\/files\/id\d+/);
    expect(text).not.toContain('quire-import:');
  });
});
