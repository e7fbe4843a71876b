/**
 * The single byte range of a `Range` header (RFC 9110 §14), against a blob of `size` bytes:
 * - 'ignore': no header, a unit other than bytes, several ranges or a malformed one; the
 *   whole blob is served (the RFC lets a server ignore what it does not support);
 * - 'unsatisfiable': a well-formed range that starts past the end (or an empty suffix): 416;
 * - a range, `end` inclusive and clamped to the last byte: 206.
 */
export type RangeRequest = 'ignore' | 'unsatisfiable' | { start: number; end: number };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

export function byteRangeOf(header: string | undefined, size: number): RangeRequest {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match) return 'ignore';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'ignore';
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  if (end < start) return 'ignore';
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
