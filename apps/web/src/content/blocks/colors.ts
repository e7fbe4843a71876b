/** GitBook's colour tokens (`DocumentTextColor`): named palette keys and semantic `$` ones. */
const COLORS = new Set([
  'green',
  'blue',
  'red',
  'orange',
  'yellow',
  'purple',
  'pink',
  'violet',
  'cyan',
  '$primary',
  '$info',
  '$success',
  '$warning',
  '$danger',
  '$tint',
]);

/**
 * The class of a colour token (`doc-color-info` for `$info`), or undefined for `default`
 * and anything else: a colour is a class of the app's palette, never a style from content.
 */
export function colorClass(prefix: string, color: unknown): string | undefined {
  return typeof color === 'string' && COLORS.has(color) ? `${prefix}-${color.replace('$', '')}` : undefined;
}
