/** The operations on custom hostnames, mounted at `customHostnames` (GitBook's `/custom-hostnames`). */
import { getCustomHostname } from './get-custom-hostname';
import { removeCustomHostname } from './remove-custom-hostname';
import { revalidateCustomHostname } from './revalidate-custom-hostname';
import { setCustomHostname } from './set-custom-hostname';

export const customHostnameOperations = {
  get: getCustomHostname,
  set: setCustomHostname,
  revalidate: revalidateCustomHostname,
  remove: removeCustomHostname,
};
