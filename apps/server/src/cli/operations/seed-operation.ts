/** The operation of `quire seed`. */
import { z } from 'zod';
import { defineOperation } from './cli-operation';

export const seed = defineOperation({
  input: z.strictObject({}),
  async run({ services }) {
    const { seedDemoOrganization } = await import('../demo-organization');
    return seedDemoOrganization(services);
  },
});
