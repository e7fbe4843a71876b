/** The search operations, mounted on `spaces`: one space's content, or every space of an organization the caller sees. */
import { searchOrganization } from './search-organization';
import { searchSpace } from './search-space';

export const searchOperations = {
  spaces: {
    search: searchSpace,
    searchInOrganization: searchOrganization,
  },
};
