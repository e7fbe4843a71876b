/** Who is signed in, and signing out (which forgets everything cached for them). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useTRPC } from '../api/trpc';
import { useSession } from './session-queries';

export function UserMenu() {
  const session = useSession();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useMutation(
    trpc.session.signOut.mutationOptions({
      onSettled: () => {
        queryClient.clear();
        void navigate({ to: '/sign-in', search: {} });
      },
    }),
  );
  if (!session) return null;
  const { user } = session;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="avatar-button">
        <span className="avatar" aria-hidden="true">
          {initialsOf(user.displayName)}
        </span>
        <span className="visually-hidden">Account of {user.displayName}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          <div className="menu-identity">
            <strong>{user.displayName}</strong>
            {user.email && <span className="muted">{user.email}</span>}
          </div>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item" onSelect={() => signOut.mutate()}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('') || '?';
