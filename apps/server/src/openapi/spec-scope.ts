/**
 * Which files a specification may gather beside its root document: those in the root's
 * folder or below it, on the root's own host (decided for issue 15: no remote file, nothing
 * outside the folder). A specification given as text has no folder, so no other file.
 */
export type SpecScope = { kind: 'folder'; origin: string; folder: string } | { kind: 'text' };

export type ReferenceRefusal = 'text-source' | 'other-host' | 'outside-folder';

/** The scope of a root document fetched from `rootUrl` (after redirects). */
export function folderScopeOf(rootUrl: URL): SpecScope {
  return {
    kind: 'folder',
    origin: rootUrl.origin,
    folder: rootUrl.pathname.slice(0, rootUrl.pathname.lastIndexOf('/') + 1),
  };
}

/**
 * Why the file at `target` (a URL resolved by the parser, `..` segments already applied)
 * may not be read for a specification of `scope`, or null when it may:
 * 1. a specification given as text reads no other file;
 * 2. another scheme, host or port is refused: no remote file is fetched for a specification;
 * 3. a path outside the root's folder (`../x.yaml` escaping it, an absolute path) is refused;
 * 4. anything else is next to the root document or below its folder.
 */
export function referenceRefusal(target: URL, scope: SpecScope): ReferenceRefusal | null {
  if (scope.kind === 'text') return 'text-source';
  if (target.origin !== scope.origin) return 'other-host';
  if (!target.pathname.startsWith(scope.folder)) return 'outside-folder';
  return null;
}

/** The path of `target`, a file `scope` lets in, relative to the root's folder (as in `filesystem`). */
export function pathInFolder(target: URL, scope: SpecScope): string {
  const relative = scope.kind === 'folder' ? target.pathname.slice(scope.folder.length) : target.pathname;
  try {
    return decodeURIComponent(relative);
  } catch {
    return relative;
  }
}
