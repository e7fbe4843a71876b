/** The lookup of URLs (GitBook's `urls` operations), mounted under `urls`: a published URL for its visitor, an address of Quire for a user. */
import { getContentByUrl } from './get-content-by-url';
import { resolvePublishedUrl } from './resolve-published-url';

export const urlLookupOperations = {
  published: resolvePublishedUrl,
  content: getContentByUrl,
};
