/**
 * The emoji reactions of a comment or a reply: one toggle per emoji used (pressed when the
 * person is among those who reacted), and a menu of emoji to add one.
 */
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { AddReactionIcon } from '../ui/icons';

export interface Reaction {
  emoji: string;
  count: number;
  users: Array<{ user: { id: string; displayName: string } }>;
}

export const REACTION_CHOICES = ['👍', '🎉', '❤️', '😄', '👀', '🚀'] as const;

export function Reactions({
  reactions,
  userId,
  canReact,
  onChange,
}: {
  reactions: readonly Reaction[];
  userId: string | undefined;
  canReact: boolean;
  onChange: (change: { add?: string; remove?: string }) => void;
}) {
  const [open, setOpen] = useState(false);
  const mine = (reaction: Reaction) => reaction.users.some(({ user }) => user.id === userId);
  return (
    <div className="reactions">
      {reactions.map((reaction) => {
        const pressed = mine(reaction);
        const names = reaction.users.map(({ user }) => user.displayName).join(', ');
        return (
          <button
            key={reaction.emoji}
            type="button"
            className="reaction"
            aria-pressed={pressed}
            disabled={!canReact}
            title={names}
            aria-label={`${reaction.emoji} ${reaction.count}: ${names}`}
            onClick={() => onChange(pressed ? { remove: reaction.emoji } : { add: reaction.emoji })}
          >
            <span aria-hidden="true">{reaction.emoji}</span> {reaction.count}
          </button>
        );
      })}
      {canReact && (
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger className="reaction reaction-add" aria-label="Add a reaction">
            <AddReactionIcon />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content className="popover reaction-choices" sideOffset={4} aria-label="Reactions">
              {REACTION_CHOICES.map((emoji) => (
                <button
                  key={emoji}
                  type="button"
                  className="reaction-choice"
                  aria-label={`React with ${emoji}`}
                  onClick={() => {
                    setOpen(false);
                    onChange({ add: emoji });
                  }}
                >
                  {emoji}
                </button>
              ))}
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      )}
    </div>
  );
}
