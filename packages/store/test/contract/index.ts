export type { FreshDatabase, OpenFreshDatabase } from './store-contract';
export { describeStoreContract } from './store-contract';
