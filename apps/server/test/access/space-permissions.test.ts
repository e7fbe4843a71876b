/** `/v1/spaces/{spaceId}/permissions/*`: roles granted on a space to users and teams. */
import { permissionsSuite } from './permissions-suite';

permissionsSuite('space');
