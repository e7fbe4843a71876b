/**
 * One part of the OpenAPI document, for `/docs` (see `API_GROUPS`): the operations whose tag
 * is in the group, the group's tags, and the schemas those operations refer to, directly or
 * through other schemas. Every schema in every part made Swagger UI resolve and list all 172
 * of them for a part of 8 operations: about 5 s of a core per part in Chromium, for a person
 * opening `/docs` as for the tests. A part keeps every other component (security schemes).
 */
import type { ApiGroupId } from './api-groups';
import { API_TAGS } from './api-tags';

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  tags?: Array<{ name: string }>;
  components?: { schemas?: Record<string, unknown> } & Record<string, unknown>;
}

const SCHEMA_REF = '#/components/schemas/';

/** The names of the schemas `roots` refer to, and those they refer to in turn. */
function referencedSchemas(roots: unknown, schemas: Record<string, unknown>): Set<string> {
  const names = new Set<string>();
  const pending: unknown[] = [roots];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)) {
          const name = child.slice(SCHEMA_REF.length);
          if (!names.has(name) && name in schemas) {
            names.add(name);
            pending.push(schemas[name]);
          }
        } else pending.push(child);
      }
    }
  }
  return names;
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
  const allSchemas = document.components?.schemas ?? {};
  const used = referencedSchemas(paths, allSchemas);
  const schemas = Object.fromEntries(Object.entries(allSchemas).filter(([name]) => used.has(name)));
  return {
    ...document,
    paths,
    tags: (document.tags ?? []).filter((tag) => names.has(tag.name)),
    ...(document.components ? { components: { ...document.components, schemas } } : {}),
  };
}
