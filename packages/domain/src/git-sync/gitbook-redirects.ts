/**
 * The `redirects:` of an imported repository's `.gitbook.yaml` (GitBook: `old/path: new/page.md`,
 * an old URL path of the space to the file now at it) recorded as the space's old paths, which
 * a site showing the space answers through `GET SITE/redirect?source=` (the redirects area).
 *
 * 1. The key is a path of the space as a visitor's URL has it: slashes at either end dropped,
 *    each segment percent-decoded. A key that is no such path (empty, a `.` or `..` segment, a
 *    `/`, `\` or control character inside a segment, an escape that is not UTF-8, longer than
 *    `MAX_REDIRECT_KEY_LENGTH`) is left out, and said in the run's log.
 * 2. The value is the file it leads to (relative to the content's root, checked by the reader);
 *    the page imported from that file is the destination. A file no page was imported from
 *    (missing, or no page of the table of contents) is left out, and said.
 * 3. The records replace the space's previous `.gitbook.yaml` records: a line removed from the
 *    file stops answering at the next import. Past `MAX_GIT_PATH_REDIRECTS`, the rest is said.
 * The file itself stays as it is in the repository: exports never write it.
 */
import { pageIndexOf, type RevisionRecord, replaceGitPathRedirects, type SpaceRecord } from '../content';
import type { OperationContext } from '../core/context';
import type { GitImportedRedirect } from './git-repositories';

/** Longest old path recorded (a redirect source's limit). */
export const MAX_REDIRECT_KEY_LENGTH = 512;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const UNSAFE_IN_SEGMENT = /[\u0000-\u001f\u007f/\\]/;

/** The old path a key names (rule 1), or why it names none. */
export function oldPathOfKey(key: string): { path: string } | { problem: string } {
  const trimmed = key.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return { problem: 'names no path' };
  if (trimmed.length > MAX_REDIRECT_KEY_LENGTH)
    return { problem: `longer than ${MAX_REDIRECT_KEY_LENGTH} characters` };
  const segments: string[] = [];
  for (const raw of trimmed.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { problem: 'holds an escape that is not UTF-8' };
    }
    if (segment === '' || segment === '.' || segment === '..')
      return { problem: 'has an empty, "." or ".." segment' };
    if (UNSAFE_IN_SEGMENT.test(segment))
      return { problem: 'has a control character, "/" or "\\" in a segment' };
    segments.push(segment);
  }
  return { path: segments.join('/') };
}

/** Rules 1 to 3 for the import that wrote `revision`; `log` says what was left out. */
export async function recordGitbookRedirects(
  ctx: OperationContext,
  space: Pick<SpaceRecord, 'id' | 'organizationId'>,
  revision: RevisionRecord,
  redirects: readonly GitImportedRedirect[],
  log: (line: string) => void,
): Promise<void> {
  const index = await pageIndexOf(ctx, revision.tree);
  const pageOfFile = new Map(
    [...index.pages.values()].flatMap((page) => (page.git ? [[page.git.path, page.id] as const] : [])),
  );
  const recorded: Array<{ path: string; pageId: string }> = [];
  for (const redirect of redirects) {
    const key = oldPathOfKey(redirect.from);
    if ('problem' in key) {
      log(`.gitbook.yaml redirect ${JSON.stringify(redirect.from)} left out: its path ${key.problem}`); // 1.
      continue;
    }
    const pageId = pageOfFile.get(redirect.file);
    if (pageId === undefined) {
      log(
        `.gitbook.yaml redirect ${JSON.stringify(redirect.from)} left out: no page was imported from ${redirect.file}`,
      ); // 2.
      continue;
    }
    recorded.push({ path: key.path, pageId });
  }
  const { leftOut } = await replaceGitPathRedirects(ctx, space, recorded); // 3.
  if (leftOut > 0)
    log(`.gitbook.yaml: ${leftOut} redirects past the ${recorded.length - leftOut} recorded left out`);
}
