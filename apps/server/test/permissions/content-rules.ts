/**
 * The rules for operations that act beyond the item itself (issue 7, item 1; the placement
 * rules of `policies/content-policy.ts`): an admin grant on a space or a collection gives
 * no power over where it lives, nor over what it holds that the grant does not reach.
 */
import { type Expected, each, GRANT_HOLDERS } from '../support/matrix/expectations';

/** A transfer to another organization needs the organization admin role in the source. */
export const TRANSFER_RULE =
  'transfer needs the organization admin role in the source organization: an admin grant on the item is not enough';

/** A move to the top level needs the right to create content there, as a new parent does. */
export const TOP_LEVEL_RULE =
  'moving to the top level of the organization needs its createContent (role create): a grant on the item is not enough';

/**
 * A restored space whose collection was removed comes back at the top level: it is put
 * there as created content is (placement rule 1), so it needs what creating there needs.
 */
export const RESTORE_TO_TOP_LEVEL_RULE =
  'a space restored out of a removed collection lands at the top level, which needs the organization createContent';

/** Deleting a collection deletes what it holds: it needs admin on all of it. */
export const REMOVE_COLLECTION_RULE =
  'deleting a collection needs admin on the collection and on every collection and live space below it';

/** The grant holders are refused, as members of their organization role. */
export const grantHoldersRefused: Partial<Expected> = each(GRANT_HOLDERS, 403);
