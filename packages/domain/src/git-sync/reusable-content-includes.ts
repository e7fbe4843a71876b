/**
 * Reusable contents in a Git Sync repository, as GitBook writes them: one markdown file per
 * reusable content under `.gitbook/includes/` (front matter `title`, then the body), and
 * `{% include "<path>" %}` in a page (or in another include), the path relative to the file
 * that includes it (`../.gitbook/includes/backups.md` from `guides/install.md`). Quire stores
 * an include by the reusable content's id, `{% include "/reusable-contents/<id>" %}` (as it
 * stores links by id, `/pages/<id>`), so the path is resolved on import and written back on
 * export.
 *
 * Rules:
 * 1. The title of an include file is its front matter's `title`, else its leading level-1
 *    heading (taken out of the body, as a page's), else its file name without `.md`.
 * 2. An imported include file keeps the id of the space's reusable content read from the same
 *    path before (its `git.path`), and that reusable content's stored objects when its title
 *    and body are unchanged; a new path gets a new id.
 * 3. An include tag whose path resolves to an include file read becomes the stored form; one
 *    whose path names no such file (missing, outside the project, another folder) stays as
 *    written, reported as `missing` (on read it is a block that resolves to nothing).
 * 4. Includes that reach themselves (a includes b includes a) are kept (each is a reusable
 *    content that includes another); `includeCycles` names them, and a read stops where the
 *    cycle closes (`resolved-document.ts`).
 * 5. Export writes each reusable content at the path its import read it from, else at
 *    `.gitbook/includes/<slug>.md`, and each stored include as the path relative to the file
 *    being written. A file is written as GitBook writes it: `---\ntitle: <title>\n---\n\n<body>`.
 * Tags are found line by line outside fenced code, in one pass (`blockTagOf` reads a line).
 */
import { openingTagText } from '@quire/documents';
import {
  contentAddressOf as addressOf,
  type BodyObject,
  includeLines,
  openingHeading,
  type StoredPage,
  type StoredPages,
} from '../content';
import type { GitBlobRecord } from '../content/revisions/records';

export const INCLUDES_FOLDER = '.gitbook/includes';
const STORED_PREFIX = '/reusable-contents/';

/** The stored include argument of a reusable content. */
export const storedInclude = (id: string): string => `${STORED_PREFIX}${id}`;

/** The id a stored include argument names, or undefined for any other argument (a path). */
export function idOfStoredInclude(argument: string): string | undefined {
  if (!argument.startsWith(STORED_PREFIX)) return undefined;
  const id = argument.slice(STORED_PREFIX.length);
  return /^[A-Za-z0-9_-]{1,128}$/.test(id) ? id : undefined;
}

/** Whether a path (from the content's root) is an include file. */
export const isIncludeFile = (path: string): boolean =>
  path.startsWith(`${INCLUDES_FOLDER}/`) &&
  /\.md$/i.test(path) &&
  !path.slice(INCLUDES_FOLDER.length + 1).includes('/');

/**
 * The path (from the content's root) `argument` names from the file at `fromPath`: relative
 * to its folder, or from the root when it starts with `/`; null when it leads above the root.
 */
export function includeTarget(fromPath: string, argument: string): string | null {
  const base = argument.startsWith('/') ? [] : fromPath.split('/').slice(0, -1);
  const segments = [...base];
  for (const segment of argument.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.join('/');
}

/** The path of `toPath` relative to the folder of `fromPath` (both from the content's root). */
export function relativePath(fromPath: string, toPath: string): string {
  const from = fromPath.split('/').slice(0, -1);
  const to = toPath.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common += 1;
  const up = from.slice(common).map(() => '..');
  const rest = to.slice(common);
  return [...up, ...rest].join('/');
}

/**
 * `markdown` with each include tag's argument replaced by `map(argument)` (undefined: kept),
 * outside fenced code; the arguments met, in order.
 */
export function mapIncludeTags(
  markdown: string,
  map: (argument: string) => string | undefined,
): { markdown: string; includes: string[] } {
  const lines = markdown.split('\n');
  const found = includeLines(lines);
  for (const { line, indent, argument, attributes } of found) {
    const next = map(argument);
    if (next === undefined || next === argument) continue;
    lines[line] = indent + openingTagText({ name: 'include', attributes, argument: next });
  }
  return {
    markdown: found.length === 0 ? markdown : lines.join('\n'),
    includes: found.map((include) => include.argument),
  };
}

/** An include file as the repository holds it. */
export interface IncludeFile {
  /** From the content's root: `.gitbook/includes/<name>.md`. */
  path: string;
  /** Its front matter's title, if any. */
  frontMatterTitle?: string;
  /** The markdown after the front matter. */
  body: string;
  git: GitBlobRecord;
}

/** Rule 1. */
export function includeTitle(file: Pick<IncludeFile, 'path' | 'frontMatterTitle' | 'body'>): {
  title: string;
  body: string;
} {
  const fromFrontMatter = file.frontMatterTitle?.trim();
  if (fromFrontMatter) return { title: fromFrontMatter, body: file.body };
  const heading = openingHeading(file.body, { leadingSpace: true, crlf: true });
  if (heading) return { title: heading.text.trim(), body: file.body.slice(heading.length) };
  const name = file.path.split('/').at(-1) ?? file.path;
  return { title: name.replace(/\.md$/i, '') || 'Untitled', body: file.body };
}

export interface ImportedIncludes {
  /** The reusable contents the revision holds: one per include file. */
  reusableContents: StoredPages;
  /** Their new bodies, to store. */
  bodies: Map<string, BodyObject>;
  /** The id of each include file's reusable content, by its path from the content's root. */
  idOfPath: ReadonlyMap<string, string>;
  /** Include tags (in pages or includes) naming no include file: `<file>: <argument>`. */
  missing: string[];
}

/**
 * Rules 2 and 3 for the include files: their reusable contents, with includes inside them
 * resolved. `existing` is the space's reusable contents before the import; `bodyOf` its
 * bodies' markdown by address, for the ones whose path is read again.
 */
export function importIncludes(
  files: readonly IncludeFile[],
  existing: ReadonlyMap<string, StoredPage>,
  existingMarkdown: ReadonlyMap<string, string>,
  env: { newId: () => string; now: string; position: (index: number) => string },
): ImportedIncludes {
  const byGitPath = new Map<string, StoredPage>();
  for (const content of existing.values()) if (content.git) byGitPath.set(content.git.path, content);
  const idOfPath = new Map<string, string>();
  const kept = new Map<string, StoredPage | undefined>();
  for (const file of files) {
    const before = byGitPath.get(file.git.path);
    idOfPath.set(file.path, before?.id ?? env.newId());
    kept.set(file.path, before);
  }
  const missing: string[] = [];
  const reusableContents: StoredPages = new Map();
  const bodies = new Map<string, BodyObject>();
  files.forEach((file, index) => {
    const { title, body } = includeTitle(file);
    const markdown = resolveIncludes(body, file.path, idOfPath, missing);
    const id = idOfPath.get(file.path) as string;
    const before = kept.get(file.path);
    const object: BodyObject = { kind: 'body', markdown };
    const address = addressOf(object);
    if (before && before.title === title && existingMarkdown.get(before.body) === markdown) {
      reusableContents.set(id, { ...before, git: file.git });
      return;
    }
    bodies.set(address, object);
    reusableContents.set(id, {
      id,
      parentId: null,
      title,
      slug: slugOfIncludePath(file.path),
      hidden: false,
      position: before?.position ?? env.position(index),
      createdAt: before?.createdAt ?? env.now,
      updatedAt: env.now,
      body: address,
      git: file.git,
    });
  });
  return { reusableContents, bodies, idOfPath, missing };
}

/** Rule 3 for one file's markdown: include paths that name an include file become the stored form. */
export function resolveIncludes(
  markdown: string,
  fromPath: string,
  idOfPath: ReadonlyMap<string, string>,
  missing: string[] = [],
): string {
  return mapIncludeTags(markdown, (argument) => {
    if (idOfStoredInclude(argument) !== undefined) return undefined;
    const target = includeTarget(fromPath, argument);
    const id = target === null ? undefined : idOfPath.get(target);
    if (id === undefined) {
      missing.push(`${fromPath}: ${argument}`);
      return undefined;
    }
    return storedInclude(id);
  }).markdown;
}

/** Rule 4: the include files whose includes lead back to them, each cycle once, by path. */
export function includeCycles(includesOf: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (start: string) => {
    // Iterative depth-first walk: an include chain as long as the files cannot overflow the stack.
    const work: Array<{ path: string; next: number }> = [{ path: start, next: 0 }];
    state.set(start, 'open');
    stack.push(start);
    while (work.length > 0) {
      const top = work[work.length - 1] as { path: string; next: number };
      const targets = includesOf.get(top.path) ?? [];
      if (top.next >= targets.length) {
        state.set(top.path, 'done');
        stack.pop();
        work.pop();
        continue;
      }
      const target = targets[top.next++] as string;
      if (!includesOf.has(target)) continue;
      const seen = state.get(target);
      if (seen === 'open') cycles.push(stack.slice(stack.indexOf(target)));
      else if (seen === undefined) {
        state.set(target, 'open');
        stack.push(target);
        work.push({ path: target, next: 0 });
      }
    }
  };
  for (const path of includesOf.keys()) if (!state.has(path)) visit(path);
  return cycles;
}

/** A reusable content to export: its stored fields and its body's markdown. */
export interface ExportedReusableContent {
  id: string;
  title: string;
  slug: string;
  markdown: string;
  git?: GitBlobRecord | undefined;
  /** As the last import read it: its file is written back as that blob. */
  unchanged?: boolean;
}

/** Rule 5: where each reusable content is written, by id (from the content's root). */
export function includePaths(
  contents: readonly ExportedReusableContent[],
  contentRoot: string,
): Map<string, string> {
  const paths = new Map<string, string>();
  const taken = new Set<string>();
  const underRoot = (gitPath: string) =>
    contentRoot === ''
      ? gitPath
      : gitPath.startsWith(`${contentRoot}/`)
        ? gitPath.slice(contentRoot.length + 1)
        : null;
  for (const content of contents) {
    const read = content.git ? underRoot(content.git.path) : null;
    if (read !== null && isIncludeFile(read) && !taken.has(read)) {
      paths.set(content.id, read);
      taken.add(read);
    }
  }
  for (const content of contents) {
    if (paths.has(content.id)) continue;
    let path = `${INCLUDES_FOLDER}/${content.slug}.md`;
    for (let n = 2; taken.has(path); n++) path = `${INCLUDES_FOLDER}/${content.slug}-${n}.md`;
    paths.set(content.id, path);
    taken.add(path);
  }
  return paths;
}

/** Rule 5 for one file: stored includes written as paths relative to `filePath`. */
export function exportIncludes(
  markdown: string,
  filePath: string,
  pathOfId: ReadonlyMap<string, string>,
): string {
  return mapIncludeTags(markdown, (argument) => {
    const id = idOfStoredInclude(argument);
    const target = id === undefined ? undefined : pathOfId.get(id);
    return target === undefined ? undefined : relativePath(filePath, target);
  }).markdown;
}

/** Rule 5: the text of an include file. */
export function includeFileText(title: string, markdown: string): string {
  const plain = /^[^\s'"`:#\-?{}[\],&*!|>%@][^:#\n]*$/.test(title) && title.trim() === title;
  const quoted = plain ? title : JSON.stringify(title);
  return `---\ntitle: ${quoted}\n---\n\n${markdown}`;
}

function slugOfIncludePath(path: string): string {
  const name = (path.split('/').at(-1) ?? path).replace(/\.md$/i, '');
  return name === '' ? 'include' : name;
}
