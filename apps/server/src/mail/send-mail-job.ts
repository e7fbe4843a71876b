/**
 * The `mail.send` job: unseals a posted message, renders it (`renderMail`: text and escaped
 * HTML) and hands it to the transport. The job ends `done` only once the SMTP server has
 * acknowledged the message, so delivery is **at least once**: a worker killed after the
 * acknowledgement and before the job's end is recorded runs the job again after its lease,
 * and the message goes out a second time with the same Message-ID (`<job id>@<sender's
 * domain>`), which mail systems use to drop duplicates; a worker killed before it never
 * loses the message (the job is still pending or running, and is taken over). Connection
 * failures and 4xx answers are retried with the worker's backoff (`MAIL_JOB_ATTEMPTS`); a
 * 5xx answer fails the job at once (`MAIL_REFUSED`). Without a mail server the message is
 * only logged: to whom and which template, never its text or links.
 */
import { JobFailure, type JobHandlers, renderMail, unsealMail } from '@quire/domain';
import type { Services } from '../services';
import { JobMailOutbox, MAIL_SEND_JOB } from './job-mail-outbox';
import { isPermanentRefusal, logOnlyTransport, type MailTransport } from './mail-transport';

/** The transport the outbox was built with (a test's replaced outbox: log only). */
const transportOf = (services: Pick<Services, 'mailOutbox'>): MailTransport =>
  services.mailOutbox instanceof JobMailOutbox ? services.mailOutbox.transport : logOnlyTransport;

export const mailJobHandlers = (services: Pick<Services, 'mailOutbox' | 'secrets'>): JobHandlers => ({
  [MAIL_SEND_JOB]: async (_ctx, job, report) => {
    const sealed = typeof job.payload.sealed === 'string' ? job.payload.sealed : '';
    const mail = unsealMail(services, sealed);
    if (!mail) throw new JobFailure('MAIL_UNREADABLE', 'The message was not sealed by this instance');
    const transport = transportOf(services);
    if (transport.kind === 'log') {
      report.log(`Mail "${mail.template}" to ${mail.to} written, not sent: no mail server is configured`);
      return { sent: false, to: mail.to };
    }
    const rendered = renderMail(mail);
    try {
      await transport.send({
        to: mail.to,
        ...rendered,
        messageId: `<${job.id}@${transport.messageIdDomain}>`,
      });
    } catch (error) {
      if (isPermanentRefusal(error))
        throw new JobFailure('MAIL_REFUSED', `The mail server refused the mail to ${mail.to}`);
      throw error;
    }
    report.log(`Mail "${mail.template}" sent to ${mail.to}`);
    return { sent: true, to: mail.to };
  },
});
