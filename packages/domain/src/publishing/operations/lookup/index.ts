/** The lookup of URLs (GitBook's `urls` operations), mounted under `urls`. */
import { resolvePublishedUrl } from './resolve-published-url';

export const urlLookupOperations = {
  published: resolvePublishedUrl,
};
