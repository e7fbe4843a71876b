/**
 * The ref the server synchronizes, from the branch a person types: a branch name is read as
 * `refs/heads/<name>`, a full ref (`refs/tags/v1`) is sent as typed, nothing typed is `main`.
 * The form shows a branch's name back, and any other ref whole.
 */
const BRANCHES = 'refs/heads/';
const FULL_REF = 'refs/';

export const DEFAULT_BRANCH = 'main';

export function refOfBranch(typed: string): string {
  const branch = typed.trim() || DEFAULT_BRANCH;
  return branch.startsWith(FULL_REF) ? branch : BRANCHES + branch;
}

export const branchOfRef = (ref: string): string =>
  ref.startsWith(BRANCHES) ? ref.slice(BRANCHES.length) : ref;
