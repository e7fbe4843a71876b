import type { DomainServices, UserRecord } from '@quire/domain';
import { CliError } from './cli-error';

/** `--user` takes an id or an email address. */
export async function findUserByReference(services: DomainServices, reference: string): Promise<UserRecord> {
  const user = reference.includes('@')
    ? await services.repos.users.findByEmail(reference.trim().toLowerCase())
    : await services.repos.users.findById(reference);
  if (!user)
    throw new CliError(`No user ${reference} (give a user id or an email address; see \`quire users list\`)`);
  return user;
}
