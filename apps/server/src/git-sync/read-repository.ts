/**
 * A Git repository's tree as a space's pages and files, in GitBook's Git Sync format:
 *
 * 1. the project directory (the space's `repoProjectDirectory`, default the repository's
 *    root) holds an optional `.gitbook.yaml` (`readGitbookConfig`): the content is under its
 *    `root`, the top page is `structure.readme`, the table of contents `structure.summary`;
 * 2. under the root, what the zip import reads (`readFolderTree`): `SUMMARY.md` for the
 *    pages, their order, nesting and titles (an item linking to a missing file is a page
 *    with no body), else the folders with `README.md` as a folder's page; relative links
 *    between markdown files as page links;
 * 3. files: everything under `.gitbook/assets/`, and images anywhere else; other hidden
 *    files and folders (a name starting with `.`) are skipped;
 * 4. each page's front matter gives its description, icon and hidden (`pageSettingsOf`);
 * 5. each page read from a file and each file keeps its `git` path (from the repository's
 *    root) and blob oid, as the caller gave them;
 * 6. the SUMMARY's `## Group` headings are group pages holding the top-level pages listed
 *    under them (`summary-groups.ts`), its items linking to another site link pages
 *    (`summary-link-pages.ts`).
 *
 * Refused: a path that leads out of its folder in the project directory, `.gitbook.yaml`
 * or `SUMMARY.md` ('unsafe-path'), a bad `.gitbook.yaml` ('corrupt'), a file read over
 * `maxFileBytes` ('too-large', naming it), no markdown under the root ('empty').
 */
import { ContentImportError, type ImportedFile, type ImportedPage } from '@quire/domain';
import { describeFile } from '../files/describe-file';
import {
  baseName,
  type FolderEntry,
  type FolderFiles,
  type FolderPage,
  readFolderTree,
} from '../imports/read-folder-tree';
import { readSummary } from '../imports/summary-contents';
import { type GitbookConfig, readGitbookConfig } from './gitbook-config';
import { type PageSettings, pageSettingsOf } from './page-settings';
import { joinRepositoryPath, pathUnder, safeRepositoryPath } from './repository-path';
import { type GroupHeading, groupedBySummary } from './summary-groups';
import { readSummaryLayout } from './summary-layout';
import { linkAddressesOf } from './summary-link-pages';
import { checkSummaryLinks } from './summary-links';

/** A file of the repository's tree, as the caller read it from Git. */
export interface RepositoryTreeFile {
  /** From the repository's root, `/`-separated. */
  path: string;
  bytes: Uint8Array;
  /** The Git blob's object id. */
  oid: string;
}

/** Where a page or file came from in the repository. */
export interface GitSource {
  path: string;
  oid: string;
}

/** `hidden` always set (`ImportedPage`'s is optional: other sources carry no settings). */
export interface RepositoryPage extends Omit<ImportedPage, 'hidden'>, PageSettings {
  /** The markdown file the page was read from; null for a page with no file. */
  git: GitSource | null;
  children: RepositoryPage[];
  /** A group page (a `## Heading` of the SUMMARY); absent: a document. */
  type?: 'group' | 'link';
  /** A link page's address (a SUMMARY item linking to another site). */
  target?: { kind: 'url'; url: string };
  /** The slug the repository gives the page (a group heading's anchor id); absent: from the title. */
  slug?: string;
}

export interface RepositoryFile extends ImportedFile {
  git: GitSource;
}

export interface RepositoryContent {
  pages: RepositoryPage[];
  files: RepositoryFile[];
  config: GitbookConfig;
}

export interface RepositoryReadOptions {
  /** The space's `repoProjectDirectory`: where `.gitbook.yaml` and the content are. */
  projectDirectory?: string;
  /** A markdown file or file read larger than this refuses the repository. */
  maxFileBytes: number;
}

const ASSETS = '.gitbook/assets/';
const MARKDOWN = /\.(md|markdown)$/i;

export async function readRepository(
  tree: readonly RepositoryTreeFile[],
  files: FolderFiles,
  options: RepositoryReadOptions,
  progress: (done: number, total: number) => void = () => {},
): Promise<RepositoryContent> {
  const directory = safeRepositoryPath(options.projectDirectory ?? '', 'repoProjectDirectory');
  const byPath = new Map(tree.map((file) => [safeRepositoryPath(file.path, 'The repository file'), file]));
  const configFile = byPath.get(joinRepositoryPath(directory, '.gitbook.yaml'));
  if (configFile) checkSize(configFile.path, configFile.bytes, options.maxFileBytes);
  const config = readGitbookConfig(configFile && new TextDecoder().decode(configFile.bytes));
  const root = joinRepositoryPath(directory, config.root);

  const entries: FolderEntry[] = [];
  const sourceOf = new Map<string, RepositoryTreeFile>();
  for (const [path, file] of byPath) {
    const inRoot = pathUnder(root, path);
    if (inRoot === null || isSkipped(inRoot)) continue;
    const entry = { path: inRoot, bytes: file.bytes };
    if (!MARKDOWN.test(inRoot) && !isFile(entry)) continue;
    checkSize(path, file.bytes, options.maxFileBytes);
    entries.push(entry);
    sourceOf.set(inRoot, { ...file, path });
  }
  const summary = entries.find(({ path }) => path === config.structure.summary);
  if (summary) checkSummaryLinks(new TextDecoder().decode(summary.bytes), summary.path);

  const content = await readFolderTree(
    entries,
    files,
    {
      summary: config.structure.summary,
      rootPage: config.structure.readme,
      isFile,
      emptyMessage: root === '' ? 'The repository holds no markdown file' : `${root}/ holds no markdown file`,
      // Each page's links are resolved as it is read on a markdown thread (the pages several at
      // once), not here: each page's `folderLinks` say how.
      keepLinks: true,
    },
    progress,
  );
  const gitOf = (path: string): GitSource => {
    const source = sourceOf.get(path) as RepositoryTreeFile;
    return { path: source.path, oid: source.oid };
  };
  const summaryText = summary && new TextDecoder().decode(summary.bytes);
  // SUMMARY items linking to another site, with nothing under them: link pages.
  const linkAddresses = summaryText ? linkAddressesOf(content.pages, readSummary(summaryText)) : new Map();
  const pageOf = (page: FolderPage): RepositoryPage => ({
    ref: page.ref,
    ...linkPageOf(linkAddresses.get(page)),
    title: page.title,
    markdown: page.markdown,
    ...(page.folderLinks ? { folderLinks: page.folderLinks } : {}),
    ...pageSettingsOf(page.frontMatter),
    git: page.path === null ? null : gitOf(page.path),
    children: page.children.map(pageOf),
  });
  const pathOfRef = new Map(
    entries.flatMap(({ path }) => {
      const ref = files.refOf(path);
      return ref === undefined ? [] : [[ref, path] as const];
    }),
  );
  const top = content.pages.map((page) => ({ page: pageOf(page), path: page.path }));
  return {
    // The SUMMARY's `## Group` headings as group pages holding the pages listed under them.
    pages: summary
      ? groupedBySummary(
          top,
          readSummaryLayout(new TextDecoder().decode(summary.bytes), summary.path),
          groupPage,
        )
      : top.map(({ page }) => page),
    files: content.files.map((file) => ({ ...file, git: gitOf(pathOfRef.get(file.ref) as string) })),
    config,
  };
}

/** A link page's type and target, for an address. */
const linkPageOf = (address: string | undefined): Pick<RepositoryPage, 'type' | 'target'> =>
  address === undefined ? {} : { type: 'link', target: { kind: 'url', url: address } };

/** A group page of the table of contents: no file, no body; its slug GitBook's anchor when the heading has one. */
const groupPage = (heading: GroupHeading, index: number, children: RepositoryPage[]): RepositoryPage => ({
  ref: `summary-group:${index}`,
  type: 'group',
  title: heading.title,
  ...(heading.anchor !== undefined ? { slug: heading.anchor } : {}),
  markdown: '',
  hidden: false,
  git: null,
  children,
});

/** Hidden files and folders are not content, but for GitBook's own assets folder. */
export function isSkipped(path: string): boolean {
  return !path.startsWith(ASSETS) && path.split('/').some((segment) => segment.startsWith('.'));
}

/** Anything in the assets folder is a file; elsewhere only images are. */
export function isFile({ path, bytes }: FolderEntry): boolean {
  return path.startsWith(ASSETS) || describeFile(bytes, baseName(path)).contentType.startsWith('image/');
}

function checkSize(path: string, bytes: Uint8Array, maxFileBytes: number): void {
  if (bytes.byteLength > maxFileBytes)
    throw new ContentImportError(
      'too-large',
      `${path} is ${bytes.byteLength} bytes, more than the ${maxFileBytes} allowed`,
    );
}
