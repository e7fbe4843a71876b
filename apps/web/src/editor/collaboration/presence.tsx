/**
 * Who is on a shared page: one avatar per person connected (their initials in their colour,
 * their name as the server knows them), readers marked as reading.
 */
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { useEffect, useState } from 'react';
import { oncePerFrame } from './frame-clock';
import type { AwarenessChanges } from './own-presence-per-frame';

export interface Present {
  clientId: number;
  name: string;
  color: string;
  readOnly: boolean;
  self: boolean;
}

/** Someone as shown from their presence state (names and colours as the server wrote them), or none. */
function personOf(
  clientId: number,
  state: { user?: Record<string, unknown> } | undefined,
  self: number,
): Present | undefined {
  if (!state?.user) return undefined;
  return {
    clientId,
    name: String(state.user.name ?? 'Someone'),
    color: typeof state.user.color === 'string' ? state.user.color : '#777777',
    readOnly: state.user.readOnly === true,
    self: clientId === self,
  };
}

function presentOf(provider: HocuspocusProvider): Present[] {
  const awareness = provider.awareness;
  if (!awareness) return [];
  return [...awareness.getStates().entries()]
    .flatMap(([clientId, state]) => personOf(clientId, state, awareness.clientID) ?? [])
    .sort((a, b) => Number(b.self) - Number(a.self) || a.name.localeCompare(b.name));
}

/** What is shown of one person: who, named and coloured how. */
const shownOf = ({ clientId, name, color, readOnly }: Present) =>
  `${clientId}\u0000${name}\u0000${color}\u0000${readOnly}`;

/**
 * The people present now, kept up to date as they come and go. Presence changes with every
 * caret move (hundreds a second with 50 people typing, issue 33): a change is looked at only for
 * the people it names, and the list is read again (at most once a frame, and its users render)
 * only when someone came or went, or their name, colour or read-only-ness changed.
 */
export function usePresent(provider: HocuspocusProvider): Present[] {
  const [present, setPresent] = useState(() => presentOf(provider));
  useEffect(() => {
    /** What is shown of each person, as last read. */
    let shown = new Map<number, string>();
    const update = () => {
      const now = presentOf(provider);
      const nowShown = new Map(now.map((person) => [person.clientId, shownOf(person)]));
      const same =
        nowShown.size === shown.size && [...nowShown].every(([id, each]) => shown.get(id) === each);
      shown = nowShown;
      if (!same) setPresent(now);
    };
    const frame = oncePerFrame(update);
    const changed = (changes?: AwarenessChanges) => {
      const awareness = provider.awareness;
      if (
        !changes ||
        !awareness ||
        changes.added.length > 0 ||
        changes.removed.length > 0 ||
        changes.updated.some((id) => {
          const person = personOf(id, awareness.getStates().get(id), awareness.clientID);
          return (person && shownOf(person)) !== shown.get(id);
        })
      )
        frame.request();
    };
    provider.awareness?.on('change', changed);
    update();
    return () => {
      provider.awareness?.off('change', changed);
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
