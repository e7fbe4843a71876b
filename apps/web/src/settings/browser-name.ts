/**
 * A browser's name for a person, from the User-Agent it sent when signing in: "Firefox on
 * macOS" rather than the whole string (kept for the row's details). Order matters: Edge and
 * Chrome also say "Safari", Chrome on Android also says "Linux".
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

const firstMatch = (userAgent: string, table: ReadonlyArray<[RegExp, string]>) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

export function browserNameOf(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown browser';
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  if (!browser) return system ? `A browser on ${system}` : userAgent.slice(0, 60);
  return system ? `${browser} on ${system}` : browser;
}
