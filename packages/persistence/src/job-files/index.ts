import path from 'node:path';
import type { JobFiles } from '@quire/domain';
import { mongoDatabaseOf, type Store } from '@quire/store';
import { DirectoryJobFiles } from './directory-job-files';
import { GridFsJobFiles } from './gridfs-job-files';

export { DirectoryJobFiles, GridFsJobFiles };

/** The job files that go with `store`: GridFS on the MongoDB engine, else `<dataDir>/job-files`. */
export async function openJobFiles(store: Store, dataDir: string): Promise<JobFiles> {
  const mongoDatabase = mongoDatabaseOf(store);
  if (mongoDatabase) return new GridFsJobFiles(mongoDatabase);
  return DirectoryJobFiles.open(path.join(dataDir, 'job-files'));
}
