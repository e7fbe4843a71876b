/**
 * The mail outbox as the server keeps it: each message posted is a `mail.send` job, stored
 * before the operation that posted it answers, and sent by the job worker
 * (`send-mail-job.ts`) with retries and backoff. The message's data is sealed (see
 * `OutgoingMail`), so the job's payload has only the template in clear.
 */
import {
  type Clock,
  enqueueJob,
  type MailOutbox,
  type OperationContext,
  type SealedMail,
} from '@quire/domain';
import { createRepositories, type EventBus } from '@quire/persistence';
import type { Store } from '@quire/store';
import { TimeOrderedIds } from '../adapters/time-ordered-ids';
import type { MailTransport } from './mail-transport';

export const MAIL_SEND_JOB = 'mail.send';

/** Attempts of a mail job: with the backoff's doubling, about 4 minutes of retries (1 s … 2 min). */
export const MAIL_JOB_ATTEMPTS = 8;

/**
 * The organization a mail job is filed under when the mail concerns none (a password
 * reset): no organization has this id (ids are generated), so no one lists the job.
 */
export const NO_ORGANIZATION = '-';

export class JobMailOutbox implements MailOutbox {
  readonly #ctx: Pick<OperationContext, 'repos' | 'clock' | 'ids' | 'events'>;
  readonly delivers: boolean;

  constructor(
    store: Store,
    clock: Clock,
    events: EventBus,
    /** What the mail job sends through (built here from the configuration, used by the worker). */
    readonly transport: MailTransport,
  ) {
    this.delivers = transport.kind === 'smtp';
    this.#ctx = {
      repos: createRepositories(store.db),
      clock,
      ids: new TimeOrderedIds(),
      events,
    };
  }

  async post(mail: SealedMail): Promise<void> {
    await enqueueJob(this.#ctx, {
      kind: MAIL_SEND_JOB,
      payload: { template: mail.template, sealed: mail.sealed },
      organizationId: mail.organizationId ?? NO_ORGANIZATION,
      createdBy: mail.userId,
      maxAttempts: MAIL_JOB_ATTEMPTS,
    });
  }
}
