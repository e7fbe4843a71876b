/** The jobs area's routes (a Quire extension): how background work went. */
import { jobsOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { jobs } = jobsOperations;

export const jobRoutes: readonly RestRoute[] = [route('GET', '/v1/jobs/:jobId', jobs.get)];
