/**
 * The links operations, mounted on the branches of `spaces` they describe: a space's link
 * report, a page's links and a file's backlinks. Each takes an optional `changeRequestId`:
 * the change-request routes reach the same operations.
 */
import { listFileBacklinks } from './list-file-backlinks';
import { listPageLinks } from './list-page-links';
import { listSpaceLinks } from './list-space-links';

export const linkOperations = {
  spaces: {
    content: {
      page: { links: listPageLinks },
      files: { backlinks: listFileBacklinks },
    },
    links: { list: listSpaceLinks },
  },
};
