/** How the files area is served: its routes, its documentation tags and the adapters of its ports. */
import { DEFAULT_INCOMING_FILE_LIMITS, ServerIncomingFiles } from '../files/server-incoming-files';
import { defineServerArea } from './server-area';

export const filesServing = defineServerArea({
  key: 'files',
  routes: [],
  tags: [],
  ports: ({ config, blobs }) => ({
    incomingFiles: new ServerIncomingFiles(blobs, {
      ...DEFAULT_INCOMING_FILE_LIMITS,
      ...config.files,
      allowHosts: config.fetchAllowHosts,
    }),
  }),
});
