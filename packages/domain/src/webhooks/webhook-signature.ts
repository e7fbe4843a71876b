/**
 * The headers of a delivery and its signature scheme (Stripe's, docs/webhooks.md):
 * `Quire-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`.
 * The timestamp is signed with the body, so a receiver that refuses old timestamps refuses
 * replays; every attempt is signed anew. Signing is the sender's (a port: the domain does no
 * cryptography of its own).
 */

export const WEBHOOK_SIGNATURE_HEADER = 'Quire-Signature';
export const WEBHOOK_EVENT_HEADER = 'Quire-Event';
export const WEBHOOK_DELIVERY_HEADER = 'Quire-Delivery';

/** A new signing secret: `whsec_` and 32 random bytes. */
export const newWebhookSecret = (randomToken: (bytes: number) => string): string =>
  `whsec_${randomToken(32)}`;
