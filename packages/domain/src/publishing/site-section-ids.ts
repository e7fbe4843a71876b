/**
 * Ids of a site's sections and section groups in GitBook's form, a prefix then the random id
 * (`sitesc_…`, `sitesg_…`). Not decoration: GitBook's renderer finds a section's tab in the
 * page with `querySelector('#' + id)`, which throws on an id that starts with a digit (as
 * Quire's bare ids may), and the page then unmounts. Sections made before keep their ids.
 */
import type { IdSource } from '../core/ports/ids';

export function newSiteSectionId(ids: IdSource): string {
  return `sitesc_${ids.newId()}`;
}

export function newSiteSectionGroupId(ids: IdSource): string {
  return `sitesg_${ids.newId()}`;
}
