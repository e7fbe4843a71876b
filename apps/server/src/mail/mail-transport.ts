/**
 * Where rendered mail goes: an SMTP server through nodemailer (`QUIRE_SMTP_URL`), or, with
 * none configured, nowhere: the mail job logs that a message was written and to whom (never
 * its text: a reset link is a secret), and the app shows links to copy instead.
 */
import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface MailEnvelope {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same for every attempt of one message, so a receiver can drop a second copy. */
  messageId: string;
}

export interface MailTransport {
  /** `sent`: the server accepted it; `logged`: there is no server (nothing left the machine). */
  readonly kind: 'smtp' | 'log';
  /** The domain of the Message-IDs written: the sender's. */
  readonly messageIdDomain: string;
  /** Resolves when the SMTP server acknowledged the message (250); rejects otherwise. */
  send(envelope: MailEnvelope): Promise<void>;
  close(): void;
}

/** The domain Message-IDs are written under: the sender's, or `quire.invalid`. */
function messageIdDomainOf(from: string | undefined): string {
  const address = from?.match(/<([^>]+)>\s*$/)?.[1] ?? from ?? '';
  return address.split('@')[1]?.trim() || 'quire.invalid';
}

class SmtpTransport implements MailTransport {
  readonly kind = 'smtp';
  readonly messageIdDomain: string;
  readonly #transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.messageIdDomain = messageIdDomainOf(from);
    // No pool: mail is rare, and a pool would hold connections open between jobs.
    this.#transporter = createTransport(smtpUrl);
  }

  async send(envelope: MailEnvelope): Promise<void> {
    await this.#transporter.sendMail({
      from: this.from,
      to: envelope.to,
      subject: envelope.subject,
      text: envelope.text,
      html: envelope.html,
      messageId: envelope.messageId,
    });
  }

  close(): void {
    this.#transporter.close();
  }
}

/** No mail server: nothing is sent (the mail job logs the message instead). */
export const logOnlyTransport: MailTransport = {
  kind: 'log',
  messageIdDomain: 'quire.invalid',
  send: async () => {},
  close: () => {},
};

export function mailTransportOf(config: Pick<Config, 'mail'>): MailTransport {
  return config.mail ? new SmtpTransport(config.mail.smtpUrl, config.mail.from) : logOnlyTransport;
}

/**
 * Whether an SMTP failure is permanent (a 5xx answer: the address or the message refused),
 * so retrying would only refuse again; connection failures and 4xx answers are retried.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
