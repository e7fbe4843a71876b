/**
 * The organization switcher: the current organization's name; opening it lists the
 * person's organizations, each leading to its home.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useTRPC } from '../api/trpc';

export function OrganizationSwitcher({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const organizations = useQuery(trpc.orgs.list.queryOptions({ limit: 100 }));
  const current = organizations.data?.items.find((organization) => organization.id === organizationId);
  const label = current?.title ?? (organizations.isPending ? 'Loading…' : 'Organizations');
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="switcher">
        <span className="visually-hidden">Organization: </span>
        <span className="switcher-initial" aria-hidden="true">
          {label.slice(0, 1).toUpperCase()}
        </span>
        <span className="switcher-title">{label}</span>
        <span aria-hidden="true" className="chevron">
          ▾
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="start" sideOffset={6}>
          <DropdownMenu.Label className="menu-label">Your organizations</DropdownMenu.Label>
          {organizations.error && <p className="menu-note">The list could not be loaded.</p>}
          <DropdownMenu.RadioGroup
            value={organizationId}
            onValueChange={(id) =>
              void navigate({ to: '/o/$organizationId', params: { organizationId: id } })
            }
          >
            {organizations.data?.items.map((organization) => (
              <DropdownMenu.RadioItem key={organization.id} value={organization.id} className="menu-item">
                <DropdownMenu.ItemIndicator className="menu-indicator">✓</DropdownMenu.ItemIndicator>
                {organization.title}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
