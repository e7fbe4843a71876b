/**
 * The one page a single sign-on (SAML, OpenID Connect) may show a browser: why the sign-in
 * failed, with a way back to the sign-in screen. No script; every value written is escaped.
 */
import type { FastifyReply } from 'fastify';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sendSignInFailure(reply: FastifyReply, status: number, reason: string): FastifyReply {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign-in failed</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Sign-in failed</h1><p>${escapeHtml(reason)}</p>
<p><a href="/sign-in">Back to the sign-in page</a></p></main></body></html>`;
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
