/** The jobs area's operations, mounted once in the registry under `jobs`. */
import type { OperationTree } from '../../core/operation';
import { getJob } from './get-job';

export const jobsOperations = {
  jobs: {
    get: getJob,
  },
} satisfies OperationTree;
