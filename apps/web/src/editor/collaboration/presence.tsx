/**
 * Who is on a shared page: one avatar per person connected (their initials in their colour,
 * their name as the server knows them), readers marked as reading.
 */
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { useEffect, useState } from 'react';
import { oncePerFrame } from './frame-clock';

export interface Present {
  clientId: number;
  name: string;
  color: string;
  readOnly: boolean;
  self: boolean;
}

function presentOf(provider: HocuspocusProvider): Present[] {
  const awareness = provider.awareness;
  if (!awareness) return [];
  return [...awareness.getStates().entries()]
    .filter(([, state]) => state.user)
    .map(([clientId, state]) => ({
      clientId,
      name: String(state.user.name ?? 'Someone'),
      color: typeof state.user.color === 'string' ? state.user.color : '#777777',
      readOnly: state.user.readOnly === true,
      self: clientId === awareness.clientID,
    }))
    .sort((a, b) => Number(b.self) - Number(a.self) || a.name.localeCompare(b.name));
}

/** What is shown of the people present: who, named and coloured how. */
const shownOf = (present: Present[]) =>
  JSON.stringify(present.map(({ clientId, name, color, readOnly }) => [clientId, name, color, readOnly]));

/**
 * The people present now, kept up to date as they come and go. Presence changes with every
 * caret move (hundreds a second with 50 people typing, issue 33): it is read at most once a
 * frame, and the list changes (and its users render) only when who is here, or their names or
 * colours, did.
 */
export function usePresent(provider: HocuspocusProvider): Present[] {
  const [present, setPresent] = useState(() => presentOf(provider));
  useEffect(() => {
    const update = () => {
      const now = presentOf(provider);
      setPresent((before) => (shownOf(before) === shownOf(now) ? before : now));
    };
    const frame = oncePerFrame(update);
    provider.awareness?.on('change', frame.request);
    update();
    return () => {
      provider.awareness?.off('change', frame.request);
      frame.cancel();
    };
  }, [provider]);
  return present;
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('') || '?';

export function Presence({ provider }: { provider: HocuspocusProvider }) {
  const present = usePresent(provider);
  return (
    <ul className="presence" aria-label="People on this page">
      {present.map((person) => {
        const label = (person.self ? 'You' : person.name) + (person.readOnly ? ' (reading)' : '');
        return (
          <li key={person.clientId} className="presence-person" title={label} aria-label={label}>
            <span className="presence-avatar" style={{ backgroundColor: person.color }} aria-hidden="true">
              {initialsOf(person.self ? person.name : person.name)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
