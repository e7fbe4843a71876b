/**
 * The source of a redirect: a path of the site, as a visitor's browser sends it. Segments
 * hold URL-safe characters or percent escapes; a source may end with `*` (any rest of the
 * path) or `/*` (anything below the path). What the pattern lets through but a path must
 * not mean is refused after decoding: `.` and `..` segments (however escaped), escaped
 * slashes and backslashes, and control characters (NUL above all).
 */
import { z } from 'zod';

/** Longest source (GitBook's limit). */
export const MAX_SOURCE_LENGTH = 512;

const SEGMENT = String.raw`(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+`;
/** One segment at least; `*` only at the end, never right after the leading slash. */
const SOURCE_PATTERN = new RegExp(String.raw`^(?:/${SEGMENT})+(?:/\*|\*)?$`);

const decoded = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a source that matches the pattern is still not a path of the site, or undefined. */
export function sourceProblem(source: string): string | undefined {
  const segments = source
    .replace(/\/?\*$/, '')
    .split('/')
    .slice(1);
  for (const segment of segments) {
    const text = decoded(segment);
    if (text === undefined) return 'a segment holds an escape that is not UTF-8';
    if (text === '.' || text === '..') return 'no "." or ".." segments';
    if (text.includes('/') || text.includes('\\')) return 'no escaped "/" or "\\"';
    if (CONTROL.test(text)) return 'no control characters';
  }
  return undefined;
}

export const RedirectSourceSchema = z
  .string()
  .max(MAX_SOURCE_LENGTH)
  .regex(
    SOURCE_PATTERN,
    'a site path such as /guides/setup: segments of letters, digits, "-", ".", "_", "~", "+" or %XX escapes; optionally ending in * or /*',
  )
  .superRefine((source, context) => {
    const problem = sourceProblem(source);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .describe('A path of the site, starting with "/"; a final "*" or "/*" matches any rest of the path')
  .meta({ examples: ['/getting-started/install'] });

export const isWildcard = (source: string): boolean => source.endsWith('*');

/**
 * The sources of the redirects that may answer `path`, most specific first: the path
 * itself, then each prefix of it followed by `*` (the longest first). A wildcard source
 * `/a/*` is the prefix `/a/` followed by `*`.
 */
export function candidateSources(path: string): string[] {
  const prefixes: string[] = [];
  // A source never starts with `/*`: the shortest prefix is "/" and one character.
  for (let end = path.length; end >= 2; end -= 1) prefixes.push(`${path.slice(0, end)}*`);
  return [path, ...prefixes];
}

/** The part of `path` that the wildcard of `source` matched ('' for an exact source). */
export const capturedRest = (source: string, path: string): string =>
  isWildcard(source) ? path.slice(source.length - 1) : '';
