/**
 * Who is on a shared page: one avatar per person connected (their initials in their colour,
 * their name as the server knows them), readers marked as reading.
 */
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { useEffect, useState } from 'react';

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

/** The people present now, kept up to date as they come and go. */
export function usePresent(provider: HocuspocusProvider): Present[] {
  const [present, setPresent] = useState(() => presentOf(provider));
  useEffect(() => {
    const update = () => setPresent(presentOf(provider));
    provider.awareness?.on('change', update);
    update();
    return () => provider.awareness?.off('change', update);
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
