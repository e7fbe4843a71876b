/**
 * Icons of the content: the hints' own (one per style) and GitBook's named icons (Font
 * Awesome names, `<i class="fa-rocket">` in markdown, `icon` in the model). Quire ships no
 * icon font, so a named icon shows as a small drawn symbol when it is one of the common ones,
 * else as a neutral mark; either way it carries its name for screen readers.
 */
import { colorClass } from './colors';

const PATHS: Readonly<Record<string, string>> = {
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z',
  warning: 'M1 21h22L12 2 1 21Zm12-3h-2v-2h2v2Zm0-4h-2v-4h2v4Z',
  danger: 'M15.7 3H8.3L3 8.3v7.4L8.3 21h7.4l5.3-5.3V8.3L15.7 3ZM13 17h-2v-2h2v2Zm0-4h-2V7h2v6Z',
  success: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-2 15-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9Z',
  check: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z',
  'arrow-right': 'M12 4l-1.4 1.4 5.6 5.6H4v2h12.2l-5.6 5.6L12 20l8-8-8-8Z',
  file: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8l-6-6Zm0 7V3.5L19.5 9H14Z',
  link: 'M3.9 12a3.1 3.1 0 0 1 3.1-3.1h4V7H7a5 5 0 0 0 0 10h4v-1.9H7A3.1 3.1 0 0 1 3.9 12ZM8 13h8v-2H8v2Zm9-6h-4v1.9h4a3.1 3.1 0 0 1 0 6.2h-4V17h4a5 5 0 0 0 0-10Z',
  book: 'M18 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2ZM6 4h5v8l-2.5-1.5L6 12V4Z',
  gear: 'M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.3 7.3 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.3 7.3 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.3 7.3 0 0 0 1.7 1L11 21h4l.4-2.9a7.3 7.3 0 0 0 1.7-1l2.5 1 2-3.5-2.2-1.6ZM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z',
  star: 'M12 17.3 18.2 21l-1.6-7L22 9.2l-7.2-.6L12 2 9.2 8.6 2 9.2 7.5 14l-1.7 7L12 17.3Z',
  lightbulb:
    'M9 21a1 1 0 0 0 1 1h4a1 1 0 0 0 1-1v-1H9v1Zm3-19a7 7 0 0 0-4 12.7V17a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1v-2.3A7 7 0 0 0 12 2Z',
  globe:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.3-3.6C8.9 5.6 8.4 6.8 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h3a8 8 0 0 1-4.4 3.6ZM16.3 14a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z',
  download: 'M19 9h-4V3H9v6H5l7 7 7-7ZM5 18v2h14v-2H5Z',
  calendar:
    'M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 16H5V10h14v10Z',
};

/** Font Awesome's synonyms of the drawn ones. */
const ALIASES: Readonly<Record<string, string>> = {
  'circle-info': 'info',
  'info-circle': 'info',
  'triangle-exclamation': 'warning',
  'exclamation-triangle': 'warning',
  'circle-exclamation': 'danger',
  'octagon-exclamation': 'danger',
  'circle-check': 'success',
  'check-circle': 'success',
  'file-lines': 'file',
  'arrow-right-long': 'arrow-right',
  'book-open': 'book',
  cog: 'gear',
  gears: 'gear',
};

/** An icon's name as GitBook writes it, without Font Awesome's prefixes (`fa-solid fa-rocket`). */
export function iconName(name: string): string {
  const parts = name.trim().split(/\s+/);
  const last = parts[parts.length - 1] ?? '';
  return last.replace(/^fa-/, '').toLowerCase().slice(0, 50);
}

export function SvgIcon({ name, className }: { name: string; className?: string }) {
  const path = PATHS[ALIASES[name] ?? name];
  if (!path) return null;
  return (
    <svg
      className={className ?? 'doc-icon-svg'}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden="true"
    >
      <path fill="currentColor" d={path} />
    </svg>
  );
}

/**
 * A named icon, in a colour of GitBook's palette when it has one; `decorative` beside a text
 * that already says what it is (a tab's title, a button's label).
 */
export function NamedIcon({
  name,
  color,
  decorative,
}: {
  name: string;
  color?: unknown;
  decorative?: boolean;
}) {
  const clean = iconName(name);
  if (clean === '') return null;
  const drawn = PATHS[ALIASES[clean] ?? clean] !== undefined;
  const classes = ['doc-icon', colorClass('doc-color', color)].filter(Boolean).join(' ');
  return (
    <span
      className={classes}
      {...(decorative
        ? { 'aria-hidden': true }
        : { role: 'img', 'aria-label': clean.replaceAll('-', ' '), title: clean })}
    >
      {drawn ? <SvgIcon name={clean} /> : <span className="doc-icon-fallback" aria-hidden="true" />}
    </span>
  );
}
