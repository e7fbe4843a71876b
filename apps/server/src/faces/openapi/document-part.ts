/**
 * One part of the OpenAPI document, for `/docs` (see `API_GROUPS`): the operations whose tag
 * is in the group, the group's tags, and every component (they are shared, and a part
 * without one it refers to would not render).
 */
import type { ApiGroupId } from './api-groups';
import { API_TAGS } from './api-tags';

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  tags?: Array<{ name: string }>;
}

export function documentPart<Document extends OpenApiDocument>(
  document: Document,
  group: ApiGroupId,
): Document {
  const names = new Set(API_TAGS.filter((tag) => tag.group === group).map((tag) => tag.name));
  const inGroup = (operation: unknown) =>
    (operation as { tags?: string[] }).tags?.some((tag) => names.has(tag)) ?? false;
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, methods] of Object.entries(document.paths)) {
    const kept = Object.fromEntries(Object.entries(methods).filter(([, operation]) => inGroup(operation)));
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  return { ...document, paths, tags: (document.tags ?? []).filter((tag) => names.has(tag.name)) };
}
