/**
 * A page's emoji or, without one, its icon (GitBook's page `icon`, a Font Awesome name) drawn
 * by the server (`/icons/<name>.svg`, the same sets the published pages use). Decoration beside
 * the page's title: hidden from assistive technology.
 */
import { iconName } from './blocks/icons';

const ICON_NAME = /^[a-z0-9-]{1,64}$/;

/** Where the server draws an icon; undefined for a name that cannot be one. */
export function iconUrl(name: string): string | undefined {
  const bare = iconName(name);
  return ICON_NAME.test(bare) ? `/icons/${bare}.svg` : undefined;
}

export function PageIcon({
  emoji,
  icon,
  emojiClass = 'page-emoji',
}: {
  emoji?: string | undefined;
  icon?: string | undefined;
  emojiClass?: string;
}) {
  if (emoji)
    return (
      <span className={emojiClass} aria-hidden="true">
        {emoji}
      </span>
    );
  const url = icon === undefined ? undefined : iconUrl(icon);
  if (url === undefined) return null;
  return <img className="page-icon" src={url} alt="" aria-hidden="true" data-icon={iconName(icon ?? '')} />;
}
