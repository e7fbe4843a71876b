/**
 * Which redirect sources may answer a path and what a wildcard captured, read without the
 * store: the path itself first, then each prefix followed by `*`, the longest first.
 */
import { describe, expect, it } from 'vitest';
import { externalUrlProblem } from '../../src/redirects/redirect-destination-schema';
import { candidateSources, capturedRest, sourceProblem } from '../../src/redirects/redirect-source';

describe('candidate sources', () => {
  it('are the path, then its prefixes followed by *, the longest first, never /*', () => {
    expect(candidateSources('/a/bc')).toEqual(['/a/bc', '/a/bc*', '/a/b*', '/a/*', '/a*']);
  });

  it('stay one per character of the path: a 512-character path has 512', () => {
    expect(candidateSources(`/${'a'.repeat(511)}`)).toHaveLength(512);
  });
});

describe('the rest a wildcard captured', () => {
  it.each([
    ['/docs/*', '/docs/guides/setup', 'guides/setup'],
    ['/docs*', '/docs-old/x', '-old/x'],
    ['/docs/exact', '/docs/exact', ''],
  ])('%s matching %s captured %j', (source, path, rest) => {
    expect(capturedRest(source, path)).toBe(rest);
  });
});

describe('source problems after decoding', () => {
  it.each([
    ['/a/%2e%2e/b', 'no "." or ".." segments'],
    ['/a/%2E', 'no "." or ".." segments'],
    ['/a%2fb', 'no escaped "/" or "\\"'],
    ['/a%5Cb', 'no escaped "/" or "\\"'],
    ['/a%00', 'no control characters'],
    ['/a%c3', 'a segment holds an escape that is not UTF-8'],
  ])('%s: %s', (source, problem) => {
    expect(sourceProblem(source)).toBe(problem);
  });

  it('none for escaped text and wildcards', () => {
    expect(sourceProblem('/caf%C3%A9/*')).toBeUndefined();
    expect(sourceProblem('/a.b/c..d*')).toBeUndefined();
  });
});

describe('external destinations', () => {
  it.each([
    'javascript:alert(1)',
    'data:text/html,x',
    'mailto:a@example.com',
    '/relative',
    'https://u:p@example.com/',
  ])('refuses %s', (url) => {
    expect(externalUrlProblem(url)).toBeDefined();
  });

  it('takes http and https URLs', () => {
    expect(externalUrlProblem('https://example.com/a?b=1#c')).toBeUndefined();
    expect(externalUrlProblem('http://example.com')).toBeUndefined();
  });
});
