/**
 * A space's permissions: the members and teams granted a role; its admins grant one to a
 * member or a team, change it and remove it; others only see the list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, renderApp } from './support/fake-server';
import { ADA, page, SESSION } from './support/fixtures';

const GRACE = { ...ADA, id: 'user-grace', displayName: 'Grace Hopper', email: 'grace@example.test' };
const TEAM = {
  object: 'team',
  id: 'team-docs',
  title: 'Docs',
  members: 3,
  permissions: { admin: true, view: true },
};

function openPermissions(admin: boolean, overrides: Record<string, (input: unknown) => unknown> = {}) {
  return renderApp('/o/org-acme/s/space-handbook/~/permissions', {
    'session.current': () => SESSION,
    'orgs.list': () => page([{ id: 'org-acme', title: 'Acme' }]),
    'orgs.get': () => ({ id: 'org-acme', title: 'Acme', permissions: { admin } }),
    'spaces.get': () => ({
      id: 'space-handbook',
      title: 'Handbook',
      emoji: '',
      changeRequestsOpen: 0,
      permissions: { admin, view: true },
    }),
    'spaces.content.pages.list': () => ({ pages: [] }),
    'spaces.permissions.users.list': () => page([{ permission: 'edit', user: GRACE }]),
    'spaces.permissions.teams.list': () => page([]),
    'orgs.members.list': () =>
      page([
        { id: 'user-ada', role: 'admin', user: ADA },
        { id: 'user-grace', role: 'edit', user: GRACE },
      ]),
    'orgs.teams.list': () => page([TEAM]),
    ...overrides,
  });
}

describe("a space's permissions", () => {
  it('grants a team a role with spaces.permissions.invite', async () => {
    const user = userEvent.setup();
    const { calls } = openPermissions(true, { 'spaces.permissions.invite': () => null });
    const form = await screen.findByRole('form', { name: 'Grant a role' });
    const who = within(form).getByRole('combobox', { name: 'Member or team' });
    // Grace holds a role already: she is not offered again.
    await waitFor(() => expect(within(who).getByRole('option', { name: 'Docs' })).toBeInTheDocument());
    expect(within(who).queryByRole('option', { name: 'Grace Hopper' })).toBeNull();
    await user.selectOptions(who, 'Docs');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Role' }), 'review');
    await user.click(within(form).getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(callsTo(calls, 'spaces.permissions.invite')).toHaveLength(1));
    expect(callsTo(calls, 'spaces.permissions.invite')[0]!.input).toEqual({
      spaceId: 'space-handbook',
      role: 'review',
      teams: ['team-docs'],
    });
  });

  it("changes and removes a member's role", async () => {
    const user = userEvent.setup();
    const { calls } = openPermissions(true, {
      'spaces.permissions.users.update': () => null,
      'spaces.permissions.users.remove': () => null,
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Grace Hopper' }), 'admin');
    await waitFor(() => expect(callsTo(calls, 'spaces.permissions.users.update')).toHaveLength(1));
    expect(callsTo(calls, 'spaces.permissions.users.update')[0]!.input).toEqual({
      spaceId: 'space-handbook',
      userId: 'user-grace',
      role: 'admin',
    });
    await user.click(screen.getByRole('button', { name: 'Remove the role of Grace Hopper' }));
    await waitFor(() => expect(callsTo(calls, 'spaces.permissions.users.remove')).toHaveLength(1));
    expect(callsTo(calls, 'spaces.permissions.users.remove')[0]!.input).toEqual({
      spaceId: 'space-handbook',
      userId: 'user-grace',
    });
  });

  it('shows the roles, without controls, to someone who is not its admin', async () => {
    openPermissions(false);
    const list = await screen.findByRole('list', { name: 'Roles on this space' });
    expect(within(list).getByText('Editor')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Grant a role' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('says when nobody holds a role on the space', async () => {
    openPermissions(true, { 'spaces.permissions.users.list': () => page([]) });
    expect(await screen.findByText('No roles granted on this space')).toBeInTheDocument();
  });
});
