import { DOCUMENT_TEXT_COLORS } from '@quire/documents/document-types';

/** GitBook's colour tokens (`DocumentTextColor`) but `default`, which is no colour of its own. */
const COLORS = new Set<string>(DOCUMENT_TEXT_COLORS.filter((color) => color !== 'default'));

/**
 * The class of a colour token (`doc-color-info` for `$info`), or undefined for `default`
 * and anything else: a colour is a class of the app's palette, never a style from content.
 */
export function colorClass(prefix: string, color: unknown): string | undefined {
  return typeof color === 'string' && COLORS.has(color) ? `${prefix}-${color.replace('$', '')}` : undefined;
}
