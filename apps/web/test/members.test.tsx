/**
 * The people of an organization: members with their roles (changed and removed by admins,
 * the server's refusal shown), teams with their members, inviting by email, invite links
 * with their URL; someone who is not an admin sees the roles and changes nothing.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { ADA, page, SESSION } from './support/fixtures';

const GRACE = { ...ADA, id: 'user-grace', displayName: 'Grace Hopper', email: 'grace@example.test' };
const member = (user: typeof ADA, role: string | null) => ({ object: 'member', id: user.id, role, user });
const TEAM = {
  object: 'team',
  id: 'team-docs',
  title: 'Docs',
  members: 1,
  permissions: { admin: true, view: true },
};

function openPeople(admin: boolean, overrides: Record<string, (input: unknown) => unknown> = {}) {
  return renderApp('/o/org-acme/members', {
    'session.current': () => SESSION,
    'orgs.list': () => page([{ id: 'org-acme', title: 'Acme' }]),
    'orgs.get': () => ({ id: 'org-acme', title: 'Acme', permissions: { admin, ownTeam: admin } }),
    'orgs.members.list': () => page([member(ADA, 'admin'), member(GRACE, 'edit')]),
    'orgs.teams.list': () => page([TEAM]),
    'orgs.teams.members.list': () =>
      page([{ organization: member(GRACE, 'edit'), team: { role: 'member' }, permissions: { view: true } }]),
    'orgs.inviteLinks.list': () =>
      page([
        {
          object: 'invite',
          id: 'invite-1',
          role: 'read',
          urls: { app: 'http://quire.test/invite/org-acme/secret-1', location: 'x' },
        },
      ]),
    ...overrides,
  });
}

describe('the members of an organization', () => {
  it("changes a member's role and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const { calls } = openPeople(true, {
      'orgs.members.update': () => {
        throw refusal(409, 'conflict', 'The last admin keeps the admin role');
      },
    });
    const role = await screen.findByRole('combobox', { name: 'Role of Ada Lovelace' });
    expect(role).toHaveValue('admin');
    await user.selectOptions(role, 'read');
    expect(await screen.findByRole('alert')).toHaveTextContent('The last admin keeps the admin role');
    expect(callsTo(calls, 'orgs.members.update')[0]!.input).toEqual({
      organizationId: 'org-acme',
      userId: 'user-ada',
      role: 'read',
    });
  });

  it('makes a member a guest (role null)', async () => {
    const user = userEvent.setup();
    const { calls } = openPeople(true, { 'orgs.members.update': () => member(GRACE, null) });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Grace Hopper' }), 'Guest');
    await waitFor(() => expect(callsTo(calls, 'orgs.members.update')).toHaveLength(1));
    expect(callsTo(calls, 'orgs.members.update')[0]!.input).toMatchObject({
      userId: 'user-grace',
      role: null,
    });
  });

  it('removes a member after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = openPeople(true, { 'orgs.members.remove': () => null });
    await user.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Grace Hopper?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(calls, 'orgs.members.remove')[0]!.input).toEqual({
      organizationId: 'org-acme',
      userId: 'user-grace',
    });
  });

  it('shows roles without controls to someone who is not an admin, and no Invites tab', async () => {
    openPeople(false);
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getByText('Admin')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Role of/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Invites' })).toBeNull();
  });

  it('says so when the members cannot be listed', async () => {
    openPeople(true, {
      'orgs.members.list': () => {
        throw refusal(503, 'unavailable', 'The store is not ready');
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The store is not ready');
  });
});

describe("a member's teams in the member list", () => {
  const WRITERS = { ...TEAM, id: 'team-writers', title: 'Writers', members: 0 };

  it('names the teams of each member, removes one and adds another', async () => {
    const user = userEvent.setup();
    const { calls } = openPeople(true, {
      'orgs.teams.list': () => page([TEAM, WRITERS]),
      'orgs.teams.members.list': (input) =>
        (input as { teamId: string }).teamId === 'team-docs'
          ? page([
              { organization: member(GRACE, 'edit'), team: { role: 'member' }, permissions: { view: true } },
            ])
          : page([]),
      'orgs.teams.members.remove': () => null,
      'orgs.teams.members.put': () => null,
    });
    const graceTeams = await screen.findByRole('list', { name: 'Teams of Grace Hopper' });
    await within(graceTeams).findByText('Docs');
    expect(screen.getByRole('list', { name: 'Teams of Ada Lovelace' })).toHaveTextContent('No team');

    await user.click(within(graceTeams).getByRole('button', { name: 'Remove Grace Hopper from Docs' }));
    await waitFor(() => expect(callsTo(calls, 'orgs.teams.members.remove')).toHaveLength(1));
    expect(callsTo(calls, 'orgs.teams.members.remove')[0]!.input).toEqual({
      organizationId: 'org-acme',
      teamId: 'team-docs',
      userId: 'user-grace',
    });

    // Grace is in Docs already: only Writers is offered to her.
    const addGrace = screen.getByRole('combobox', { name: 'Add Grace Hopper to a team' });
    expect(within(addGrace).queryByRole('option', { name: 'Docs' })).toBeNull();
    await user.selectOptions(addGrace, 'Writers');
    await waitFor(() => expect(callsTo(calls, 'orgs.teams.members.put')).toHaveLength(1));
    expect(callsTo(calls, 'orgs.teams.members.put')[0]!.input).toEqual({
      organizationId: 'org-acme',
      teamId: 'team-writers',
      userId: 'user-grace',
    });
  });

  it('shows the teams without controls to whoever administers none of them', async () => {
    openPeople(false, {
      'orgs.teams.list': () => page([{ ...TEAM, permissions: { admin: false, view: true } }]),
    });
    const graceTeams = await screen.findByRole('list', { name: 'Teams of Grace Hopper' });
    await within(graceTeams).findByText('Docs');
    expect(within(graceTeams).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('combobox', { name: /to a team$/ })).toBeNull();
  });
});

describe('teams', () => {
  it('lists a team, opens its members, removes one', async () => {
    const user = userEvent.setup();
    const { calls } = openPeople(true, { 'orgs.teams.members.remove': () => null });
    await user.click(await screen.findByRole('tab', { name: 'Teams' }));
    await user.click(await screen.findByRole('button', { name: 'Show members of Docs' }));
    const members = await screen.findByRole('list', { name: 'Members of Docs' });
    expect(members).toHaveTextContent('Grace Hopper');
    await user.click(within(members).getByRole('button', { name: 'Remove Grace Hopper from Docs' }));
    await waitFor(() => expect(callsTo(calls, 'orgs.teams.members.remove')).toHaveLength(1));
    expect(callsTo(calls, 'orgs.teams.members.remove')[0]!.input).toEqual({
      organizationId: 'org-acme',
      teamId: 'team-docs',
      userId: 'user-grace',
    });
  });
  it("sets a member's role in the team", async () => {
    const user = userEvent.setup();
    const { calls } = openPeople(true, { 'orgs.teams.members.put': () => null });
    await user.click(await screen.findByRole('tab', { name: 'Teams' }));
    await user.click(await screen.findByRole('button', { name: 'Show members of Docs' }));
    const role = await screen.findByRole('combobox', { name: 'Role of Grace Hopper in Docs' });
    expect(role).toHaveValue('member');
    await user.selectOptions(role, 'owner');
    await waitFor(() => expect(callsTo(calls, 'orgs.teams.members.put')).toHaveLength(1));
    expect(callsTo(calls, 'orgs.teams.members.put')[0]!.input).toEqual({
      organizationId: 'org-acme',
      teamId: 'team-docs',
      userId: 'user-grace',
      role: 'owner',
    });
  });

  it("renames a team, and shows the server's refusal of a deletion", async () => {
    const user = userEvent.setup();
    const { calls } = openPeople(true, {
      'orgs.teams.update': () => ({ ...TEAM, title: 'Writers' }),
      'orgs.teams.remove': () => {
        throw refusal(404, 'not_found', 'Team not found');
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Teams' }));
    await user.click(await screen.findByRole('button', { name: 'Rename Docs' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Docs');
    await user.clear(title);
    await user.type(title, '  Writers ');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(callsTo(calls, 'orgs.teams.update')).toHaveLength(1));
    expect(callsTo(calls, 'orgs.teams.update')[0]!.input).toEqual({
      organizationId: 'org-acme',
      teamId: 'team-docs',
      title: 'Writers',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Docs' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Team not found');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('offers no team changes to someone who does not administer the team', async () => {
    const user = userEvent.setup();
    openPeople(false, {
      'orgs.teams.list': () => page([{ ...TEAM, permissions: { admin: false, view: true } }]),
    });
    await user.click(await screen.findByRole('tab', { name: 'Teams' }));
    await user.click(await screen.findByRole('button', { name: 'Show members of Docs' }));
    const members = await screen.findByRole('list', { name: 'Members of Docs' });
    expect(members).toHaveTextContent('Team member');
    expect(screen.queryByRole('button', { name: 'Rename Docs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /in Docs/ })).not.toBeInTheDocument();
  });
});

const invitation = (email: string, extra: Record<string, unknown> = {}) => ({
  object: 'invitation',
  id: `invitation-${email}`,
  email,
  role: 'edit',
  sso: false,
  expired: false,
  expiresAt: '2026-12-06T08:00:00.000Z',
  urls: { location: 'x' },
  ...extra,
});

describe('invites', () => {
  it('invites addresses with a role, shows each new link to copy, and the invite links with their URL', async () => {
    const user = userEvent.setup();
    const { calls } = openPeople(true, {
      'orgs.invitations.list': () => page([]),
      'orgs.invite': () => ({
        users: ['u1'],
        invited: 1,
        invitations: [
          invitation('alan@example.test', {
            urls: { location: 'x', accept: 'http://quire.test/invite/secret-a' },
          }),
        ],
      }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Invites' }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Email addresses' }),
      'alan@example.test, kat@example.test',
    );
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Role' })[0]!, 'edit');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('1 invitation sent; 1 already a member.')).toBeInTheDocument();
    expect(callsTo(calls, 'orgs.invite')[0]!.input).toEqual({
      organizationId: 'org-acme',
      emails: ['alan@example.test', 'kat@example.test'],
      role: 'edit',
    });
    expect(screen.getByRole('textbox', { name: 'Invitation link for alan@example.test' })).toHaveValue(
      'http://quire.test/invite/secret-a',
    );
    expect(screen.getByRole('textbox', { name: 'Invite link for Reader' })).toHaveValue(
      'http://quire.test/invite/org-acme/secret-1',
    );
  });

  it('lists pending invitations, sends one again with a new link to copy, revokes another', async () => {
    const user = userEvent.setup();
    const { calls } = openPeople(true, {
      'orgs.invitations.list': () =>
        page([invitation('alan@example.test'), invitation('kat@example.test', { expired: true })]),
      'orgs.invitations.resend': () =>
        invitation('kat@example.test', {
          urls: { location: 'x', accept: 'http://quire.test/invite/secret-k2' },
        }),
      'orgs.invitations.revoke': () => ({ revoked: true }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Invites' }));
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(pending).toHaveTextContent('Link expired');
    await user.click(
      within(pending).getByRole('button', { name: 'Send the invitation of kat@example.test again' }),
    );
    expect(
      await within(pending).findByRole('textbox', { name: 'Invitation link for kat@example.test' }),
    ).toHaveValue('http://quire.test/invite/secret-k2');
    await user.click(
      within(pending).getByRole('button', { name: 'Revoke the invitation of alan@example.test' }),
    );
    await waitFor(() => expect(callsTo(calls, 'orgs.invitations.revoke')).toHaveLength(1));
    expect(callsTo(calls, 'orgs.invitations.resend')[0]!.input).toEqual({
      organizationId: 'org-acme',
      invitationId: 'invitation-kat@example.test',
    });
    expect(callsTo(calls, 'orgs.invitations.revoke')[0]!.input).toEqual({
      organizationId: 'org-acme',
      invitationId: 'invitation-alan@example.test',
    });
  });
});
