import type { ChangeRequestRecord } from './records';

/**
 * Whether a change request is behind its space: the space's current revision is not the one
 * it was last based on (the revision it was created from, or the one its last `update`
 * brought in). A merged change request is in the space's history and never outdated.
 */
export function isOutdated(
  changeRequest: Pick<ChangeRequestRecord, 'status' | 'revisionInitial' | 'revisionMergedAncestor'>,
  spaceRevisionId: string,
): boolean {
  if (changeRequest.status === 'merged') return false;
  return spaceRevisionId !== (changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial);
}
