/** The operations of `quire setup`, `quire users ...` and `quire tokens ...`. */
import type { ApiTokenRecord, PageRequest, UserRecord } from '@quire/domain';
import { z } from 'zod';
import { publishWelcomeSite } from '../../onboarding/welcome-site';
import { CliError } from '../cli-error';
import { findUserByReference } from '../find-user-by-reference';
import { defineOperation } from './cli-operation';

const PAGE = 500;
/** Generous: the domain checks each field's own limits and says them; this only bounds what the socket takes. */
const text = z.string().max(65_536);

/** A token's record as commands show it: never its hash. */
export type ShownToken = Omit<ApiTokenRecord, 'tokenHash'>;
const shown = ({ tokenHash: _hash, ...token }: ApiTokenRecord): ShownToken => token;

export const setup = defineOperation({
  input: z.strictObject({
    organizationTitle: text.optional(),
    email: text.optional(),
    displayName: text.optional(),
    force: z.boolean(),
  }),
  async run({ services, domain }, input) {
    const { token, user, organizationId, tokenId } = await domain.setupInstance(services, input);
    // The instance is set up whatever becomes of its first site (the command says so).
    const siteUrl = await publishWelcomeSite(services, { userId: user.id, tokenId, organizationId }).catch(
      () => undefined,
    );
    return { token, user, organizationId, ...(siteUrl ? { siteUrl } : {}) };
  },
});

export const createUser = defineOperation({
  input: z.strictObject({ email: text, displayName: text, isInstanceAdmin: z.boolean() }),
  run: ({ services, domain }, input): Promise<UserRecord> => domain.createUser(services, input),
});

export const listUsers = defineOperation({
  input: z.strictObject({}),
  async run({ services }) {
    const all: UserRecord[] = [];
    let page: PageRequest = { limit: PAGE };
    for (;;) {
      const slice = await services.repos.users.list(page);
      all.push(...slice.items);
      if (!slice.next) return all;
      page = { limit: PAGE, after: slice.next };
    }
  },
});

export const setPassword = defineOperation({
  input: z.strictObject({ user: text, password: text }),
  async run({ services, domain }, input) {
    const user = await findUserByReference(services, input.user);
    const { sessionsRevoked } = await domain.setUserPassword(services, {
      userId: user.id,
      password: input.password,
    });
    // The pages they co-edit hear it, through this server or over MongoDB (`access-change.ts`).
    await domain.publishPersonAccessChange(services, user.id);
    return { user, sessionsRevoked };
  },
});

export const issueToken = defineOperation({
  input: z.strictObject({ user: text, name: text }),
  async run({ services, domain }, input) {
    const user = await findUserByReference(services, input.user);
    const { token, record } = await domain.issueApiToken(services, { userId: user.id, name: input.name });
    return { token, record: shown(record), user };
  },
});

export const listTokens = defineOperation({
  input: z.strictObject({ user: text }),
  async run({ services }, input) {
    const user = await findUserByReference(services, input.user);
    const all: ShownToken[] = [];
    let page: PageRequest = { limit: PAGE };
    for (;;) {
      const slice = await services.repos.apiTokens.listByUser(user.id, page);
      all.push(...slice.items.map(shown));
      if (!slice.next) return all;
      page = { limit: PAGE, after: slice.next };
    }
  },
});

export const revokeToken = defineOperation({
  input: z.strictObject({ tokenId: text }),
  async run({ services, domain }, { tokenId }) {
    const revoked = await services.repos.apiTokens.revoke(tokenId, services.clock.now().toISOString());
    if (!revoked) {
      throw new CliError(
        `No token ${tokenId}: nothing was revoked (give a token's id, not the token; see \`quire tokens list --user <id|email>\`)`,
      );
    }
    await domain.publishPersonAccessChange(services, revoked.userId);
    return shown(revoked);
  },
});
