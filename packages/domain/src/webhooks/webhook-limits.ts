/** The numbers webhooks live by (docs/webhooks.md says them). */

/** Consecutive failed attempts after which an endpoint is disabled and its admins told. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 15;

/** Attempts of one delivery: the first and 7 retries, 1 s to 64 s apart (the job runner's backoff). */
export const WEBHOOK_DELIVERY_ATTEMPTS = 8;

/** Characters of a receiver's answer kept in the log. */
export const WEBHOOK_EXCERPT_CHARACTERS = 512;

/** Endpoints an organization may have. */
export const WEBHOOK_ENDPOINTS_PER_ORGANIZATION = 100;

/** The job kind that posts one delivery. */
export const WEBHOOK_DELIVERY_JOB = 'webhook.deliver';
