import type { OperationContext } from '../../core/context';
import { notFound } from '../../core/errors';
import type { UserRecord } from '../records';

export async function findUserOrFail(ctx: OperationContext, userId: string): Promise<UserRecord> {
  const user = await ctx.repos.users.findById(userId);
  if (!user) throw notFound('User');
  return user;
}
