/**
 * The sections of the API documentation: one tag per resource, in the order a reader meets
 * them (who am I, organizations and their people, content, administration). An operation
 * goes under the tag of the longest prefix of its name. Each area declares its own tags
 * (`src/areas/<area>.ts`); a test fails while an operation has no tag.
 */
import { serverAreas } from '../../areas';
import { API_GROUPS, type ApiTag } from './api-groups';

/**
 * Every tag, from the areas' declarations (`src/areas/`), grouped as `/docs` shows them:
 * within a group, in the order of the areas and of each area's own list.
 */
export const API_TAGS: readonly ApiTag[] = API_GROUPS.flatMap(({ id }) =>
  serverAreas.flatMap((area) => area.tags.filter((tag) => tag.group === id)),
);

const covers = (prefix: string, name: string) => name === prefix || name.startsWith(`${prefix}.`);

/** The tag of an operation: the one with the longest prefix of its name; undefined when none covers it. */
export function tagOf(operationName: string): ApiTag | undefined {
  let best: { tag: ApiTag; length: number } | undefined;
  for (const tag of API_TAGS) {
    for (const prefix of tag.prefixes) {
      if (covers(prefix, operationName) && prefix.length > (best?.length ?? -1))
        best = { tag, length: prefix.length };
    }
  }
  return best?.tag;
}
