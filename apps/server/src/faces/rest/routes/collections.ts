/**
 * Collection routes: an organization's collections, one collection, its spaces, and its
 * place (move, transfer). Creating answers 201, as GitBook's document has it.
 */
import { collectionOperations as ops, orgCollectionOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const COLLECTION = '/v1/collections/:collectionId';
const ORG_COLLECTIONS = '/v1/orgs/:organizationId/collections';

export const collectionRoutes: RestRoute[] = [
  route('GET', ORG_COLLECTIONS, orgCollectionOperations.list),
  route('POST', ORG_COLLECTIONS, orgCollectionOperations.create, 201),
  route('GET', COLLECTION, ops.get),
  route('PATCH', COLLECTION, ops.update),
  route('DELETE', COLLECTION, ops.remove),
  route('GET', `${COLLECTION}/spaces`, ops.spaces),
  route('POST', `${COLLECTION}/move`, ops.move),
  route('POST', `${COLLECTION}/transfer`, ops.transfer),
];
