/** `/v1/collections/{collectionId}/permissions/*`: roles granted on a collection to users and teams. */
import { permissionsSuite } from './permissions-suite';

permissionsSuite('collection');
