/**
 * Which page tree is edited: the space's own (live, or through a new change request when the
 * space does not take live edits) or a change request's. An edit of the page tree is one
 * batch of content changes (the API's) sent to that target, made from the revision the
 * tree on screen was read at: what changed there since is merged, what cannot be combined
 * comes back as conflicts and nothing is written.
 */
export type TreeSource = { kind: 'space' } | { kind: 'changeRequest'; id: string; number: number };

/** Where a batch of the tree goes: decided from the source and the space's edit mode. */
export type TreeTarget = { kind: 'live' } | { kind: 'new' } | { kind: 'changeRequest'; id: string };

export function targetOfSource(source: TreeSource, editMode: string | undefined): TreeTarget {
  if (source.kind === 'changeRequest') return { kind: 'changeRequest', id: source.id };
  return editMode === 'live' ? { kind: 'live' } : { kind: 'new' };
}
