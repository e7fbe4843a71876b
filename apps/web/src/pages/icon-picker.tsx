/**
 * A page's icon, picked (issue 30, item 1): an emoji or one of GitBook's icons (Font Awesome
 * names, drawn by the server from the sets published pages use), found together by name in one
 * search field, or none. A page has one or the other: picking one clears the other, as GitBook
 * does. The icons' names are read from the server once, when the picker first shows.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { iconUrl } from '../content/page-icon';
import { matchingEmoji } from '../editor/emoji-list';

export interface IconChoice {
  /** The emoji ('' none). */
  emoji: string;
  /** The Font Awesome name ('' none). */
  icon: string;
}

const SHOWN = 40;

/** The icons' names, read once per session (they change only with the server's version). */
function useIconNames() {
  return useQuery({
    queryKey: ['icon-names'],
    queryFn: async (): Promise<string[]> => {
      const answer = await fetch('/icons/names.json');
      if (!answer.ok) throw new Error(`The icons could not be read (${answer.status}).`);
      return (await answer.json()) as string[];
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The names holding every word of the search, names starting with the first word first. */
export function matchingIcons(names: readonly string[], search: string, limit = SHOWN): string[] {
  const words = search
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (words.length === 0) return names.slice(0, limit);
  const found = names.filter((name) => words.every((word) => name.includes(word)));
  const first = words[0] ?? '';
  return [
    ...found.filter((name) => name.startsWith(first)),
    ...found.filter((name) => !name.startsWith(first)),
  ].slice(0, limit);
}

export function IconPicker({ value, onChange }: { value: IconChoice; onChange: (next: IconChoice) => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const names = useIconNames();
  const emoji = matchingEmoji(search, 16);
  const icons = matchingIcons(names.data ?? [], search);
  const currentIcon = value.icon ? iconUrl(value.icon) : undefined;
  return (
    <fieldset className="icon-picker">
      <legend>Icon</legend>
      <p className="icon-picker-current">
        {value.emoji ? (
          <span aria-hidden="true">{value.emoji}</span>
        ) : currentIcon ? (
          <img src={currentIcon} alt="" width={16} height={16} />
        ) : null}{' '}
        {value.emoji ? 'A character' : value.icon ? `The icon ${value.icon}` : 'None'}
        {(value.emoji || value.icon) && (
          <button type="button" className="link-button" onClick={() => onChange({ emoji: '', icon: '' })}>
            No icon
          </button>
        )}
      </p>
      <label htmlFor={id}>Find an icon</label>
      <input
        id={id}
        type="search"
        value={search}
        placeholder="rocket, book, star…"
        onChange={(event) => setSearch(event.target.value)}
      />
      {emoji.length > 0 && (
        <fieldset className="icon-picker-choices">
          <legend className="visually-hidden">Characters</legend>
          {emoji.map((choice) => (
            <button
              key={choice.emoji}
              type="button"
              className="icon-picker-choice"
              aria-pressed={value.emoji === choice.emoji}
              title={choice.name.replaceAll('_', ' ')}
              onClick={() => onChange({ emoji: choice.emoji, icon: '' })}
            >
              <span aria-hidden="true">{choice.emoji}</span>
              <span className="visually-hidden">{choice.name.replaceAll('_', ' ')} emoji</span>
            </button>
          ))}
        </fieldset>
      )}
      {names.isError ? (
        <p className="muted">The icons could not be read.</p>
      ) : (
        <fieldset className="icon-picker-choices">
          <legend className="visually-hidden">Icons</legend>
          {icons.map((name) => (
            <button
              key={name}
              type="button"
              className="icon-picker-choice"
              aria-pressed={value.icon === name}
              title={name}
              onClick={() => onChange({ emoji: '', icon: name })}
            >
              <img src={`/icons/${name}.svg`} alt="" width={16} height={16} loading="lazy" />
              <span className="visually-hidden">{name} icon</span>
            </button>
          ))}
          {names.isSuccess && icons.length === 0 && <p className="muted">No icon by that name.</p>}
        </fieldset>
      )}
    </fieldset>
  );
}
