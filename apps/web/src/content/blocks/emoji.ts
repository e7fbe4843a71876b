/**
 * GitBook writes an emoji as its code points in hex, joined by '-' (`1f44b`, `1f469-200d-1f4bb`).
 * Anything else (too many points, not hex, out of range) is shown as nothing.
 */
const MAX_POINTS = 16;

export function emojiOf(code: string): string {
  const parts = code.split('-');
  if (parts.length > MAX_POINTS) return '';
  const points: number[] = [];
  for (const part of parts) {
    if (!/^[0-9a-fA-F]{1,6}$/.test(part)) return '';
    const point = Number.parseInt(part, 16);
    if (point > 0x10ffff) return '';
    points.push(point);
  }
  return String.fromCodePoint(...points);
}
