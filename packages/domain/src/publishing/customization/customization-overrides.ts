/**
 * How a site space's overrides apply over its site's settings, and how a PATCH changes them.
 * The sections GitBook merges field by field are the groups below; anything else (a colour,
 * a logo, a list of links, the favicon, the announcement) is one value, replaced whole. The
 * stored overrides hold only what is overridden: a `null` of the PATCH removes the override.
 */
type Tree = Record<string, unknown>;

const GROUPS = new Set([
  'styling',
  'styling.sidebar',
  'styling.codeTheme',
  'internationalization',
  'header',
  'footer',
  'themes',
  'feedback',
  'externalLinks',
  'pagination',
  'trademark',
  'privacyPolicy',
  'socialPreview',
]);

const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pathOf = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** The overrides after a PATCH: `null` removes one, a value sets it, a group is patched field by field. */
export function patchedOverrides(overrides: Tree, patch: Tree, path = ''): Tree {
  const next: Tree = { ...overrides };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const at = pathOf(path, key);
    if (value === null) delete next[key];
    else if (GROUPS.has(at) && isTree(value)) {
      const patched = patchedOverrides(isTree(next[key]) ? next[key] : {}, value, at);
      if (Object.keys(patched).length === 0) delete next[key];
      else next[key] = patched;
    } else next[key] = value;
  }
  return next;
}

/** `settings` with `overrides` applied. */
export function withOverrides<Settings extends Tree>(
  settings: Settings,
  overrides: Tree,
  path = '',
): Settings {
  const next: Tree = { ...settings };
  for (const [key, value] of Object.entries(overrides)) {
    const at = pathOf(path, key);
    next[key] =
      GROUPS.has(at) && isTree(value) ? withOverrides(isTree(next[key]) ? next[key] : {}, value, at) : value;
  }
  return next as Settings;
}
