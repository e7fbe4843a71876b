/**
 * Where a repository `url` points, and how it may be reached: an `http(s)` remote (through
 * the outbound rules), or, only where the server allows it (`QUIRE_GIT_ALLOW_FILE`), a
 * local repository by absolute path or `file://` URL. Everything else (`ssh://`,
 * `git://`, `user@host:path`, `ext::…` and any other `<transport>::`) is refused: those
 * run programs or reach hosts the outbound rules do not check.
 *
 * Credentials in an http(s) URL are taken out of it: the URL kept has none, and they travel
 * only as an `Authorization` header, so no message, log or value built from the URL holds them.
 */
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GitRepositoryError } from '@quire/domain';

export type GitRemote =
  | { transport: 'http'; url: string; headers: Record<string, string> }
  | { transport: 'local'; path: string };

const notAllowedLocally = () =>
  new GitRepositoryError('unsupported-url', 'Local repositories are not allowed on this server');

export function gitRemoteOf(url: string, allowFile: boolean): GitRemote {
  if (/^[a-z][a-z0-9+.-]*::/i.test(url))
    throw new GitRepositoryError('unsupported-url', 'Transports run through "::" are not supported');
  if (/^https?:\/\//i.test(url)) return httpRemoteOf(url);
  if (/^file:\/\//i.test(url)) {
    if (!allowFile) throw notAllowedLocally();
    let path: string;
    try {
      path = fileURLToPath(url);
    } catch {
      throw new GitRepositoryError('unsupported-url', 'The file URL is not a local path');
    }
    return { transport: 'local', path };
  }
  // Another scheme (ssh:, git:), or scp-like `user@host:path`: a colon before any slash.
  if (/^[^/]*:/.test(url))
    throw new GitRepositoryError('unsupported-url', 'Only https repository URLs are supported');
  if (!allowFile) throw notAllowedLocally();
  if (!isAbsolute(url) || url.includes('\0'))
    throw new GitRepositoryError('unsupported-url', 'A local repository is given by its absolute path');
  return { transport: 'local', path: url };
}

function httpRemoteOf(text: string): GitRemote {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new GitRepositoryError('unsupported-url', 'The repository URL is not valid');
  }
  const headers: Record<string, string> = {};
  if (url.username !== '' || url.password !== '') {
    const credentials = `${decodedPart(url.username)}:${decodedPart(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  url.hash = '';
  return { transport: 'http', url: url.href.replace(/\/+$/, ''), headers };
}

function decodedPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Why `url` will not be used (`GitRepositories.refusal`), or null: the same rules as `gitRemoteOf`. */
export function remoteRefusal(url: string, allowFile: boolean): string | null {
  try {
    gitRemoteOf(url, allowFile);
    return null;
  } catch (error) {
    if (error instanceof GitRepositoryError) return error.message;
    throw error;
  }
}
