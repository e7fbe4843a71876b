/**
 * The relative URL from one file of the content to another (both paths from the same
 * root), as a markdown link in the first file writes it: `../` up to the common folder,
 * each segment URL-encoded (parentheses too, so the URL needs no `<...>`).
 */
export function relativeUrl(from: string, to: string): string {
  const fromFolder = from.split('/').slice(0, -1);
  const target = to.split('/');
  let common = 0;
  while (common < fromFolder.length && common < target.length - 1 && fromFolder[common] === target[common])
    common++;
  const segments = [...fromFolder.slice(common).map(() => '..'), ...target.slice(common)];
  return segments.map(encodeSegment).join('/');
}

const encodeSegment = (segment: string) =>
  segment === '..'
    ? segment
    : encodeURIComponent(segment).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
