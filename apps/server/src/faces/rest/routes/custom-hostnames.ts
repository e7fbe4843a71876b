/** The routes of custom hostnames (GitBook's `custom-hostnames`, and Quire's PUT that sets one). */
import { publishingOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { customHostnames } = publishingOperations;
const HOSTNAME = '/v1/custom-hostnames/:hostname';

export const customHostnameRoutes: readonly RestRoute[] = [
  route('GET', HOSTNAME, customHostnames.get),
  route('PUT', HOSTNAME, customHostnames.set),
  route('PATCH', HOSTNAME, customHostnames.revalidate, 204),
  {
    ...route('DELETE', HOSTNAME, customHostnames.remove),
    // GitBook's statuses: 205 when the hostname was removed, 204 when it served nothing.
    bodilessStatus: (output) => ((output as { removed: boolean }).removed ? 205 : 204),
  },
];
