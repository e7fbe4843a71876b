/**
 * Beside the Space resource, whose `gitSync` names the repository (`space-git-sync.ts`).
 *
 * A repository URL as the request gave it, and as Quire keeps and shows it: without its
 * credentials (`https://user:token@host/repo.git` → `https://host/repo.git`). The whole
 * URL only travels sealed (`Secrets.seal`) to the job that uses it.
 */
export function withoutCredentials(url: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    // Not a URL the parser reads: kept only up to its host part's end, credentials dropped.
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1');
  }
}

/** The repository's name for `GitSyncState.repoName`: `owner/repo` of a URL's path, else its last folder. */
export function repositoryNameOf(url: string): string {
  const path = withoutCredentials(url)
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
    .replace(/\.git\/?$/, '')
    .replace(/\/+$/, '');
  const segments = path.split('/').filter((segment) => segment !== '');
  return segments.slice(-2).join('/') || url;
}
