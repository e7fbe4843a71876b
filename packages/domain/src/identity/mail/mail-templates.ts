/**
 * What each message says: a subject, a plain text body and a simple HTML body. Every value
 * placed in the HTML is escaped (a display name or a subject is anyone's text), and links
 * are only ever Quire's own (`urls.app`), written as the text of the link too, so a reader
 * sees where it goes. The subject and plain text have line breaks removed from values, so a
 * name cannot add a header or a fake paragraph.
 */
import type { OutgoingMail } from './outgoing-mail';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML elements and quoted attributes. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** One line: control characters (line breaks included) become spaces, at most `max` characters. */
const oneLine = (text: string, max = 200): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').slice(0, max);

/** A day and time as people read it in a mail, in UTC (the recipient's zone is unknown). */
const when = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

interface Parts {
  subject: string;
  /** Paragraphs, plain text (escaped for the HTML). */
  paragraphs: string[];
  action: { label: string; link: string };
  /** A last, smaller paragraph. */
  footnote: string;
}

function assemble(parts: Parts): RenderedMail {
  const text = [...parts.paragraphs, `${parts.action.label}: ${parts.action.link}`, parts.footnote].join(
    '\n\n',
  );
  const link = escapeHtml(parts.action.link);
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5; color: #1f2328">',
    ...parts.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${link}" style="font-weight: bold">${escapeHtml(parts.action.label)}</a></p>`,
    `<p style="font-size: 0.9em">${link}</p>`,
    `<p style="font-size: 0.8em; color: #59636e">${escapeHtml(parts.footnote)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: oneLine(parts.subject, 250), text: `${text}\n`, html };
}

export function renderMail(mail: OutgoingMail): RenderedMail {
  switch (mail.template) {
    case 'invitation':
      return assemble({
        subject: `${oneLine(mail.inviterName, 64)} invited you to ${oneLine(mail.organizationTitle, 100)} on Quire`,
        paragraphs: [
          `${oneLine(mail.inviterName, 64)} invited you to join ${oneLine(mail.organizationTitle)} on Quire, with the role ${oneLine(mail.role, 20)}.`,
          `Open the link below to choose your name and password (or to sign in with your organization's single sign-on). The link works once, until ${when(mail.expiresAt)}.`,
        ],
        action: { label: 'Accept the invitation', link: mail.link },
        footnote: 'If you did not expect this invitation, you can ignore this mail.',
      });
    case 'password_reset':
      return assemble({
        subject: 'Reset your Quire password',
        paragraphs: [
          `Hello ${oneLine(mail.displayName, 64)},`,
          `Someone (we hope you) asked to reset the password of your Quire account. The link below sets a new one; it works once, until ${when(mail.expiresAt)}. Setting a new password signs you out everywhere else.`,
        ],
        action: { label: 'Choose a new password', link: mail.link },
        footnote: 'If you did not ask for this, ignore this mail: your password stays as it is.',
      });
    case 'review_requested':
      return assemble({
        subject: `${oneLine(mail.actorName, 64)} asked you to review #${mail.changeRequestNumber}: ${oneLine(mail.changeRequestSubject, 150)}`,
        paragraphs: [
          `${oneLine(mail.actorName, 64)} asked you to review the change request #${mail.changeRequestNumber}, ${oneLine(mail.changeRequestSubject)}.`,
        ],
        action: { label: 'Open the change request', link: mail.link },
        footnote: 'You receive this because mail notifications are on in your Quire settings.',
      });
    case 'mention':
      return assemble({
        subject: `${oneLine(mail.actorName, 64)} mentioned you in ${oneLine(mail.where, 150)}`,
        paragraphs: [
          `${oneLine(mail.actorName, 64)} mentioned you in ${oneLine(mail.where)}:`,
          oneLine(mail.excerpt, 500),
        ],
        action: { label: 'Open the comment', link: mail.link },
        footnote: 'You receive this because mail notifications are on in your Quire settings.',
      });
    case 'webhook_disabled':
      return assemble({
        subject: `A webhook of ${oneLine(mail.organizationTitle, 100)} was disabled`,
        paragraphs: [
          `The webhook endpoint ${oneLine(mail.endpointUrl, 300)} of ${oneLine(mail.organizationTitle)} failed ${mail.failures} times in a row and receives no more events.`,
          'Its delivery log says what it answered. Turn it on again once it works.',
        ],
        action: { label: 'Open the webhooks', link: mail.link },
        footnote: 'You receive this as an admin of the organization.',
      });
  }
}
