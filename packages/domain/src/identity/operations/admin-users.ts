/** `/admin/users`: instance administrators create, list and read users. */
import { z } from 'zod';
import { operation } from '../../core/operation';
import { pageRequest, pageSchemaOf, pagingShape, toPage } from '../../core/paging';
import { IdSchema } from '../../core/schemas';
import { AdminUserSchema, presentAdminUser } from '../admin-user-schema';
import { CreateUserInputSchema, createUser } from '../create-user';
import { findUserOrFail } from './find-user';

export const createUserAsAdmin = operation({
  name: 'admin.users.create',
  kind: 'mutation',
  summary: 'Create a user (instance administrators)',
  access: 'instanceAdmin',
  input: CreateUserInputSchema,
  output: AdminUserSchema,
  async run(ctx, input) {
    return presentAdminUser(ctx.urls, await createUser(ctx, input));
  },
});

export const listUsersAsAdmin = operation({
  name: 'admin.users.list',
  kind: 'query',
  summary: 'List the users of the instance, oldest first (instance administrators)',
  access: 'instanceAdmin',
  input: z.strictObject({ ...pagingShape }),
  output: pageSchemaOf(AdminUserSchema),
  async run(ctx, input) {
    const [slice, count] = await Promise.all([
      ctx.repos.users.list(pageRequest(input)),
      ctx.repos.users.count(),
    ]);
    return toPage(slice, count, (user) => presentAdminUser(ctx.urls, user));
  },
});

export const getUserAsAdmin = operation({
  name: 'admin.users.get',
  kind: 'query',
  summary: 'Get a user of the instance (instance administrators)',
  access: 'instanceAdmin',
  input: z.strictObject({
    userId: IdSchema.describe('Id of the user'),
  }),
  output: AdminUserSchema,
  async run(ctx, input) {
    return presentAdminUser(ctx.urls, await findUserOrFail(ctx, input.userId));
  },
});
