/**
 * The parts of the API documentation and the shape of a tag: what an area's declaration
 * names (`src/areas/<area>.ts`), apart from the derived list of tags so that declaring an
 * area imports no list of areas.
 */

/**
 * The parts `/docs` shows one at a time ("Select a definition"): Swagger UI stops rendering
 * a document past about 135 operations (measured: 135 render, 136 show 6), so each part
 * stays well under that. `/openapi.json` is always the whole document.
 */
export const API_GROUPS = [
  { id: 'people', title: 'Users, organizations and people' },
  { id: 'content', title: 'Spaces and content' },
  { id: 'review', title: 'Change requests, reviews and comments' },
  { id: 'services', title: 'API specs, translations, Git Sync and jobs' },
  { id: 'publishing', title: 'Sites and publishing' },
  { id: 'admin', title: 'Administration' },
] as const;
export type ApiGroupId = (typeof API_GROUPS)[number]['id'];

export interface ApiTag {
  name: string;
  description: string;
  /** Operation-name prefixes (dotted, whole segments) the tag covers. */
  prefixes: readonly string[];
  /** The part of `/docs` the tag is shown in. */
  group: ApiGroupId;
}
