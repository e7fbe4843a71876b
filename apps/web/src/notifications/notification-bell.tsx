/**
 * The bell of the top bar: the person's unread review notifications (someone asked them for
 * a review, or reviewed their change request), each a link to the change request, and
 * "Mark all read". Quiet when the list cannot be read: the bell is not worth an error.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useTRPC } from '../api/trpc';
import './notification-bell.css';

/** The newest unread shown in the menu; the count says how many there are in all. */
const SHOWN = 20;

interface ShownNotification {
  id: string;
  kind: 'review_requested' | 'review_submitted';
  actor: { displayName: string };
  changeRequest: { number: number; subject: string };
  review?: { status: 'approved' | 'changes-requested' };
  urls: { app: string };
}

/** What a notification says, in words. */
export function notificationText(notification: ShownNotification): string {
  const who = notification.actor.displayName || 'Someone';
  const what = `#${notification.changeRequest.number} ${notification.changeRequest.subject || '(no subject)'}`;
  if (notification.kind === 'review_requested') return `${who} asked you to review ${what}`;
  return notification.review?.status === 'approved'
    ? `${who} approved ${what}`
    : `${who} requested changes on ${what}`;
}

export function NotificationBell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const unread = useQuery(trpc.user.notifications.list.queryOptions({ unread: true, limit: SHOWN }));
  const markRead = useMutation(
    trpc.user.notifications.markRead.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.user.notifications.list.queryKey() }),
    }),
  );
  if (!unread.data) return null;
  const count = unread.data.count;
  const items = unread.data.items as ShownNotification[];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="bell-button">
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {count > 0 && (
          <span className="bell-count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
        <span className="visually-hidden">Notifications, {count} unread</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu bell-menu" align="end" sideOffset={6}>
          <DropdownMenu.Label className="menu-label">Notifications</DropdownMenu.Label>
          {items.length === 0 && <p className="bell-empty">Nothing new.</p>}
          {items.map((notification) => (
            <DropdownMenu.Item
              key={notification.id}
              className="menu-item bell-item"
              onSelect={() => {
                markRead.mutate({ ids: [notification.id] });
                // The app's own address of the change request (`urls.app` is absolute).
                router.history.push(new URL(notification.urls.app).pathname);
              }}
            >
              {notificationText(notification)}
            </DropdownMenu.Item>
          ))}
          {items.length > 0 && (
            <>
              <DropdownMenu.Separator className="menu-separator" />
              <DropdownMenu.Item className="menu-item" onSelect={() => markRead.mutate({})}>
                Mark all read
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
