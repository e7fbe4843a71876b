/**
 * A real SMTP server on loopback (`smtp-server`) that keeps what it receives, for tests of
 * Quire's mail: `mailbox.next(to)` resolves when a message for that address arrives (no
 * polling, no sleeps). Messages are decoded as far as the tests read them: headers, and the
 * plain text and HTML parts (quoted-printable, base64 or 7bit). `refuseNext(code)` makes the
 * server refuse the next message (a 4xx or 5xx answer to its data).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  raw: string;
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const end = part.indexOf('\r\n\r\n');
  const head = end === -1 ? part : part.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : part.slice(end + 4) };
}

function partsOf(raw: string): Array<{ type: string; text: string }> {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
  if (!boundary)
    return [{ type, text: decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit') }];
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => partsOf(part.replace(/^\r\n/, '')));
}

function parse(raw: string, to: string[], from: string): ReceivedMail {
  const { headers } = splitHeaders(raw);
  const parts = partsOf(raw);
  return {
    to,
    from,
    subject: headers.get('subject') ?? '',
    messageId: headers.get('message-id') ?? '',
    text: parts.find((part) => part.type.startsWith('text/plain'))?.text ?? '',
    html: parts.find((part) => part.type.startsWith('text/html'))?.text ?? '',
    raw,
  };
}

export class SmtpMailbox {
  readonly received: ReceivedMail[] = [];
  #waiting: Array<{ to: string; resolve: (mail: ReceivedMail) => void; seen: number }> = [];
  #refusals: number[] = [];
  readonly #server: SMTPServer;

  private constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const refusal = this.#refusals.shift();
          if (refusal !== undefined) {
            const error = Object.assign(new Error(`Refused by the test (${refusal})`), {
              responseCode: refusal,
            });
            callback(error);
            return;
          }
          const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          this.#deliver(parse(Buffer.concat(chunks).toString('utf8'), to, from));
          callback();
        });
      },
    });
  }

  static async start(): Promise<SmtpMailbox> {
    const mailbox = new SmtpMailbox();
    await new Promise<void>((resolve) => mailbox.#server.listen(0, '127.0.0.1', resolve));
    return mailbox;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.#server.server.address() as AddressInfo).port}`;
  }

  /** The server answers the next message's data with this code (e.g. 451, 550). */
  refuseNext(code: number): void {
    this.#refusals.push(code);
  }

  /** Mail received for this address, in order. */
  for(to: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(to.toLowerCase()));
  }

  /** The next message for this address not yet returned by `next` (received already, or when it comes). */
  next(to: string): Promise<ReceivedMail> {
    const address = to.toLowerCase();
    const taken = this.#taken.get(address) ?? 0;
    const already = this.for(address)[taken];
    this.#taken.set(address, taken + 1);
    if (already) return Promise.resolve(already);
    return new Promise((resolve) => this.#waiting.push({ to: address, resolve, seen: taken }));
  }

  readonly #taken = new Map<string, number>();

  #deliver(mail: ReceivedMail): void {
    this.received.push(mail);
    for (const waiter of [...this.#waiting]) {
      const arrived = this.for(waiter.to)[waiter.seen];
      if (!arrived) continue;
      this.#waiting = this.#waiting.filter((other) => other !== waiter);
      waiter.resolve(arrived);
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** The first link of the app in a mail's plain text: `<app>/<path>/<token>`. */
export function linkIn(mail: ReceivedMail, path: 'invite' | 'reset-password'): URL {
  const found = mail.text.match(new RegExp(`https?://\\S+/${path}/[\\w-]+`));
  if (!found) throw new Error(`No ${path} link in the mail: ${mail.text}`);
  return new URL(found[0]);
}
