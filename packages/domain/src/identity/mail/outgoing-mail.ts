/**
 * Mail Quire sends: invitations, password resets, review requests and mentions. An operation
 * posts a message (`postMail`); it is stored as a job and sent later by the server's mail job
 * (SMTP through nodemailer, or only logged when no server is configured), with retries. The
 * message's data (a reset link is a secret) is sealed with the instance's key before it is
 * stored: the job's payload carries it encrypted, never in clear.
 */
import type { DomainServices } from '../../core/context';

interface MailBase {
  /** The recipient's address. */
  to: string;
}

/** Someone was invited to an organization: a link to accept. */
export interface InvitationMail extends MailBase {
  template: 'invitation';
  organizationTitle: string;
  inviterName: string;
  /** The role the invitation gives, as a word (`edit`), or `guest`. */
  role: string;
  link: string;
  expiresAt: string;
}

/** Someone asked to reset their password: a link that sets a new one. */
export interface PasswordResetMail extends MailBase {
  template: 'password_reset';
  displayName: string;
  link: string;
  expiresAt: string;
}

/** Someone was asked to review a change request. */
export interface ReviewRequestedMail extends MailBase {
  template: 'review_requested';
  actorName: string;
  changeRequestNumber: number;
  changeRequestSubject: string;
  link: string;
}

/** Someone was mentioned in a comment. */
export interface MentionMail extends MailBase {
  template: 'mention';
  actorName: string;
  /** Where: the page's or the change request's title. */
  where: string;
  /** The first characters of the comment, as plain text. */
  excerpt: string;
  link: string;
}

/** A webhook endpoint of an organization was disabled after failing too often (to its admins). */
export interface WebhookDisabledMail extends MailBase {
  template: 'webhook_disabled';
  organizationTitle: string;
  endpointUrl: string;
  failures: number;
  link: string;
}

export type OutgoingMail =
  | InvitationMail
  | PasswordResetMail
  | ReviewRequestedMail
  | MentionMail
  | WebhookDisabledMail;
export type MailTemplate = OutgoingMail['template'];

/** A message as the outbox stores it: who and which template in clear, the rest sealed. */
export interface SealedMail {
  template: MailTemplate;
  /** `OutgoingMail` as JSON, sealed with the instance's key (`Secrets.seal`). */
  sealed: string;
  /** The organization it concerns (the job is filed under it), if any. */
  organizationId?: string;
  /** The user the mail is sent for (the job runs as them). */
  userId: string;
}

/**
 * Where messages are posted: the server's adapter stores each as a `mail.send` job (sent at
 * least once, with retries; see docs/mail.md). Resolves once the message is stored.
 */
export interface MailOutbox {
  /**
   * Whether what is posted leaves the machine (a mail server is configured); without one,
   * mail is only logged, and the app shows links to copy instead where it can.
   */
  readonly delivers: boolean;
  post(mail: SealedMail): Promise<void>;
}

declare module '../../core/context' {
  interface AreaPorts {
    mailOutbox: MailOutbox;
  }
}

/** Seals a message and posts it: sent later, by the mail job. */
export async function postMail(
  services: Pick<DomainServices, 'secrets' | 'mailOutbox'>,
  mail: OutgoingMail,
  filing: { organizationId?: string; userId: string },
): Promise<void> {
  await services.mailOutbox.post({
    template: mail.template,
    sealed: services.secrets.seal(JSON.stringify(mail)),
    ...(filing.organizationId === undefined ? {} : { organizationId: filing.organizationId }),
    userId: filing.userId,
  });
}

/** The message a sealed one carries, or null when it was not sealed by this instance. */
export function unsealMail(services: Pick<DomainServices, 'secrets'>, sealed: string): OutgoingMail | null {
  const text = services.secrets.unseal(sealed);
  if (text === null) return null;
  return JSON.parse(text) as OutgoingMail;
}
