/**
 * A repository opened at a ref, whatever its transport: where its objects are read and
 * written, the commit the ref points at, and how the ref is moved to a new commit (a push,
 * or a local compare and swap). Ref names are checked here: a name Git would refuse names
 * nothing ('unknown-ref'), so no `..` or option-like name reaches a path or a request.
 */
import { GitRepositoryError } from '@quire/domain';
import type { ObjectStore } from './git-trees';

export interface OpenedRef {
  store: ObjectStore;
  /** The full ref name (`refs/heads/main`). */
  ref: string;
  /** What the ref points at; undefined for a branch that does not exist yet (writing). */
  head: string | undefined;
  /** Moves the ref from `head` to `commit`; 'rejected' when it moved meanwhile. */
  publish(commit: string): Promise<void>;
  /** Frees what opening took (connections, a temporary gitdir). */
  close(): Promise<void>;
}

export type RefPurpose = 'read' | 'write';

export const unknownRef = () =>
  new GitRepositoryError('unknown-ref', 'The branch or tag does not exist in the repository');

/**
 * The full ref names `ref` may mean, in order: itself when it starts with `refs/`, else the
 * branch, then (reading) the tag. A name Git would refuse (`..`, control characters,
 * `~^:?*[\`, a leading `-` or `/`, a `.lock` component) throws 'unknown-ref'.
 */
export function refCandidates(ref: string, purpose: RefPurpose): string[] {
  const valid =
    /^[^\p{Cc} ~^:?*[\\]+$/u.test(ref) &&
    !ref.includes('..') &&
    !ref.includes('//') &&
    !ref.includes('@{') &&
    !/^[-/]|[/.]$|\.lock(\/|$)|(^|\/)\./.test(ref);
  if (!valid) throw unknownRef();
  if (ref.startsWith('refs/')) return [ref];
  return purpose === 'read' ? [`refs/heads/${ref}`, `refs/tags/${ref}`] : [`refs/heads/${ref}`];
}
