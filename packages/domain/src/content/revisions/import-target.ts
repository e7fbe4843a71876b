/**
 * Where an import writes, once its caller is authorized: a live space or a change request.
 * Each import operation makes its own (`spaceImportTarget`, `changeRequestImportTarget`) with
 * its own guards, and the import job makes it again as the job's creator before it writes.
 */

import type { SpaceRecord } from '../spaces/records';
import type { ImportedContent } from './content-imports';

export interface ImportTarget {
  space: Pick<SpaceRecord, 'id' | 'organizationId'>;
  changeRequestId?: string;
  /** Writes the content as one new revision (compare-and-swap); answers its id. */
  write(content: ImportedContent): Promise<string>;
}
