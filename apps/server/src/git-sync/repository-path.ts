/**
 * Paths inside a repository as `.gitbook.yaml`, `SUMMARY.md` and the space's settings give
 * them: relative, `/`-separated, inside the folder they are read from. A path that could
 * lead anywhere else (`..`, absolute, a drive letter, a backslash, a NUL) is refused, never
 * cleaned up: whoever wrote it meant to escape (path traversal), so the whole sync fails
 * with the path named.
 */
import { ContentImportError } from '@quire/domain';

/**
 * `path` as a clean relative path (`./docs/` -> `docs`, `.` -> ``), or an 'unsafe-path'
 * error naming `what` (the key or file it came from) and the path.
 */
export function safeRepositoryPath(path: string, what: string): string {
  const refuse = (why: string) =>
    new ContentImportError('unsafe-path', `${what} "${printable(path)}" ${why}`);
  if (path.includes('\0')) throw refuse('holds a NUL character');
  if (path.includes('\\')) throw refuse('holds a backslash (paths are /-separated)');
  if (path.startsWith('/') || /^[a-z]:/i.test(path)) throw refuse('is absolute (paths are relative)');
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw refuse('leads out of its folder (..)');
  return segments.join('/');
}

/** Clean relative paths joined (`docs` + `` + `a.md` -> `docs/a.md`). */
export function joinRepositoryPath(...paths: readonly string[]): string {
  return paths.filter((path) => path !== '').join('/');
}

/** `path` relative to `folder`, or null when it is not under it (`` holds everything). */
export function pathUnder(folder: string, path: string): string | null {
  if (folder === '') return path;
  return path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : null;
}

/** Control characters shown escaped, so an error message stays one readable line. */
const printable = (path: string) =>
  path.replace(/\p{Cc}/gu, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
