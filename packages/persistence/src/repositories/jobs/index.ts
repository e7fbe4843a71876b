/** The jobs area's repositories and their indexes. */
import type { JobsRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { jobIndexes, MongoJobRepository } from './job-repository';

export const jobsIndexes: CollectionIndexes[] = [...jobIndexes];

export const jobsRepositories = (db: StoreDatabase): JobsRepositories => ({
  jobs: new MongoJobRepository(db),
});
