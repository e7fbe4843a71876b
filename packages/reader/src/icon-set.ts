/**
 * GitBook's icons (Font Awesome names: `icon` inlines, tabs, buttons, hints, pages) drawn as
 * inline SVG at render time from Font Awesome's free sets (`@fortawesome/free-*-svg-icons`:
 * each icon's view box and path data), so a page needs no web font and no script. A name is
 * looked up as GitBook writes it (`house`, `fa-house`, an alias such as `home`), in the regular
 * set first (GitBook's default style), then solid, then brands; a name none of them has draws
 * nothing. The sets are read once, on the first icon; path data is checked to be path data.
 */
import { createRequire } from 'node:module';

export interface IconShape {
  width: number;
  height: number;
  /** Path data: one path, or a duotone icon's two. */
  paths: string[];
}

const PACKS = [
  '@fortawesome/free-regular-svg-icons',
  '@fortawesome/free-solid-svg-icons',
  '@fortawesome/free-brands-svg-icons',
];
const isPathData = /^[MmLlHhVvCcSsQqTtAaZz0-9.,\s eE+-]*$/;
const MAX_NAME = 64;

interface IconDefinition {
  iconName: string;
  icon: [number, number, Array<string | number>, string, string | string[]];
}

const isDefinition = (value: unknown): value is IconDefinition => {
  const icon = (value as { icon?: unknown } | null)?.icon;
  return (
    typeof (value as { iconName?: unknown } | null)?.iconName === 'string' &&
    Array.isArray(icon) &&
    typeof icon[0] === 'number' &&
    typeof icon[1] === 'number'
  );
};

let index: Map<string, IconShape> | undefined;

/** Every icon of the free sets by name and alias (the first set that has a name keeps it). */
function iconIndex(): Map<string, IconShape> {
  if (index) return index;
  index = new Map();
  const require = createRequire(import.meta.url);
  for (const pack of PACKS) {
    let module: Record<string, unknown>;
    try {
      module = require(pack);
    } catch {
      // A set not installed: its names draw nothing.
      continue;
    }
    for (const value of Object.values(module)) {
      if (!isDefinition(value)) continue;
      const [width, height, aliases, , data] = value.icon;
      const paths = (Array.isArray(data) ? data : [data]).filter(
        (path): path is string => typeof path === 'string' && path !== '' && isPathData.test(path),
      );
      if (paths.length === 0) continue;
      const shape: IconShape = { width, height, paths };
      for (const name of [value.iconName, ...aliases])
        if (typeof name === 'string' && !index.has(name)) index.set(name, shape);
    }
  }
  return index;
}

/** The icon named `name` as GitBook writes it, or undefined for a name no set has. */
export function iconShape(name: string): IconShape | undefined {
  if (name.length > MAX_NAME) return undefined;
  // `fa-house`, `fa-solid fa-house`: the last word, without its prefix.
  const word = name.trim().toLowerCase().split(/\s+/).pop() ?? '';
  return iconIndex().get(word.replace(/^fa-/, ''));
}

/** Every name (and alias) the free sets draw, sorted: what an icon picker offers. */
export function iconNames(): string[] {
  return [...iconIndex().keys()].sort();
}
