/**
 * A site's structure: sections with their site spaces, each reordered from its actions menu
 * (the keyboard's way; dragging is driven in the end-to-end test) with one structure sort
 * after or before its neighbour, adding a section and a variant from a space, a condition
 * checked as it is typed (Save disabled while it does not check), deleting, the server's
 * refusals, and a reader who sees it all and changes nothing.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, refusal, renderApp } from './support/fake-server';
import { STRUCTURE, siteHandlers, siteSpace } from './support/site-fixtures';

const openStructure = (admin: boolean, overrides: Record<string, (input: unknown) => unknown> = {}) =>
  renderApp('/o/org-acme/sites/site-docs', { ...siteHandlers(admin), ...overrides });

const site = { organizationId: 'org-acme', siteId: 'site-docs' };

describe('the structure of a site', () => {
  it('shows the sections with their site spaces, paths, defaults and conditions', async () => {
    openStructure(true, {
      'sites.structure.get': () => ({
        ...STRUCTURE,
        structure: [
          STRUCTURE.structure[0],
          {
            ...STRUCTURE.structure[1],
            condition: 'visitor.claims.isAdmin == true',
          },
        ],
      }),
    });
    const sections = await screen.findByRole('list', { name: 'Sections' });
    expect(within(sections).getAllByRole('listitem', { name: undefined })[0]).toHaveTextContent('Guide');
    const guide = screen.getByRole('list', { name: 'Site spaces of Guide' });
    expect(
      within(guide)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Guide v1'), expect.stringContaining('Guide v2')]);
    expect(within(guide).getByText('/guide-v2')).toBeInTheDocument();
    expect(screen.getByText('visitor.claims.isAdmin == true')).toBeInTheDocument();
  });

  it('moves a section down and a site space up from the actions menu, one sort each', async () => {
    const user = userEvent.setup();
    const { calls } = openStructure(true, { 'sites.structure.sort': () => null });
    await user.click(await screen.findByRole('button', { name: 'Actions for Guide' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    await waitFor(() => expect(callsTo(calls, 'sites.structure.sort')).toHaveLength(1));
    expect(callsTo(calls, 'sites.structure.sort')[0]!.input).toEqual({
      ...site,
      item: { type: 'site-section', id: 'section-guide' },
      position: { after: { type: 'site-section', id: 'section-api' } },
    });
    expect(await screen.findByText('Moved Guide.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Guide v2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    await waitFor(() => expect(callsTo(calls, 'sites.structure.sort')).toHaveLength(2));
    expect(callsTo(calls, 'sites.structure.sort')[1]!.input).toEqual({
      ...site,
      item: { type: 'site-space', id: 'ss-v2' },
      position: { before: { type: 'site-space', id: 'ss-v1' } },
    });
  });

  it('shows the order at once, and puts it back with the reason when the server refuses', async () => {
    const user = userEvent.setup();
    let answer: (value: unknown) => void = () => {};
    let fail: (error: unknown) => void = () => {};
    openStructure(true, {
      'sites.structure.sort': () =>
        new Promise((resolve, reject) => {
          answer = resolve;
          fail = reject;
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Guide v1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    const guide = screen.getByRole('list', { name: 'Site spaces of Guide' });
    await waitFor(() => expect(within(guide).getAllByRole('listitem')[0]).toHaveTextContent('Guide v2'));
    fail(refusal(400, 'invalid_position', 'The position names an item of another list'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Guide v1 could not be moved: The position names an item of another list',
    );
    expect(within(guide).getAllByRole('listitem')[0]).toHaveTextContent('Guide v1');
    answer(null);
  });

  it('offers no Move up for the first item and no Move down for the last', async () => {
    const user = userEvent.setup();
    openStructure(true);
    await user.click(await screen.findByRole('button', { name: 'Actions for API' }));
    expect(await screen.findByRole('menuitem', { name: 'Move down' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'Move up' })).not.toHaveAttribute('aria-disabled');
  });

  it('adds a section from a space, and a variant to a section', async () => {
    const user = userEvent.setup();
    const { calls } = openStructure(true, {
      'sites.sections.create': () => STRUCTURE.structure[0],
      'sites.siteSpaces.create': () => siteSpace('ss-blog', 'Blog'),
    });
    await screen.findAllByRole('option', { name: 'Blog' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Space for a new section' }), 'Blog');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await waitFor(() => expect(callsTo(calls, 'sites.sections.create')).toHaveLength(1));
    expect(callsTo(calls, 'sites.sections.create')[0]!.input).toEqual({ ...site, spaceId: 'space-blog' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Variant to add to API' }), 'Blog');
    const apiSection = screen.getByRole('combobox', { name: 'Variant to add to API' }).closest('form')!;
    await user.click(within(apiSection).getByRole('button', { name: 'Add variant' }));
    await waitFor(() => expect(callsTo(calls, 'sites.siteSpaces.create')).toHaveLength(1));
    expect(callsTo(calls, 'sites.siteSpaces.create')[0]!.input).toEqual({
      ...site,
      spaceId: 'space-blog',
      sectionId: 'section-api',
    });
  });

  it('checks a condition as it is typed, and saves the section with it', async () => {
    const user = userEvent.setup();
    const { calls } = openStructure(true, { 'sites.sections.update': () => STRUCTURE.structure[0] });
    await user.click(await screen.findByRole('button', { name: 'Actions for Guide' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Guide' });
    const condition = within(dialog).getByRole('textbox', { name: 'Condition' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.type(condition, 'visitor.claims.unsigned.nope == true');
    expect(condition).toHaveAttribute('aria-invalid', 'true');
    expect(condition).toHaveAccessibleDescription(/nope/);
    expect(save).toBeDisabled();
    await user.clear(condition);
    await user.type(condition, 'visitor.claims.unsigned.betaUser ==');
    expect(save).toBeDisabled();
    await user.type(condition, ' true');
    expect(condition).toHaveAttribute('aria-invalid', 'false');
    expect(save).toBeEnabled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Path' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Path' }), 'handbook');
    await user.click(save);
    await waitFor(() => expect(callsTo(calls, 'sites.sections.update')).toHaveLength(1));
    expect(callsTo(calls, 'sites.sections.update')[0]!.input).toEqual({
      ...site,
      siteSectionId: 'section-guide',
      path: 'handbook',
      condition: 'visitor.claims.unsigned.betaUser == true',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("removes a site space's condition by emptying it, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const { calls } = openStructure(true, {
      'sites.structure.get': () => ({
        type: 'siteSpaces',
        structure: [siteSpace('ss-root', 'Handbook', { condition: 'visitor.claims.isAdmin == true' })],
      }),
      'sites.siteSpaces.update': () => {
        throw refusal(409, 'conflict', 'Another site space has the path handbook');
      },
    });
    const list = await screen.findByRole('list', { name: 'Site spaces' });
    expect(list).toHaveTextContent('Handbook');
    await user.click(screen.getByRole('button', { name: 'Actions for Handbook' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Handbook' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Condition' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another site space has the path handbook',
    );
    expect(callsTo(calls, 'sites.siteSpaces.update')[0]!.input).toEqual({
      ...site,
      siteSpaceId: 'ss-root',
      condition: null,
    });
  });

  it('deletes a site space after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = openStructure(true, { 'sites.siteSpaces.remove': () => null });
    await user.click(await screen.findByRole('button', { name: 'Actions for Guide v2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Guide v2?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(calls, 'sites.siteSpaces.remove')[0]!.input).toEqual({ ...site, siteSpaceId: 'ss-v2' });
  });

  it('says the site is empty, and says why the structure could not load', async () => {
    const empty = openStructure(true, {
      'sites.structure.get': () => ({ type: 'siteSpaces', structure: [] }),
    });
    expect(await screen.findByText('Nothing on this site yet')).toBeInTheDocument();
    empty.unmount();
    openStructure(true, {
      'sites.structure.get': () => {
        throw refusal(503, 'unavailable', 'The store is not ready');
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The store is not ready');
  });

  it('shows a reader the structure with no way to change it', async () => {
    openStructure(false);
    await screen.findByRole('list', { name: 'Site spaces of Guide' });
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add section' })).toBeNull();
    expect(document.querySelector('[data-drag-id]')).toBeNull();
  });

  it('says what to do when the site is not found', async () => {
    openStructure(true, {
      'sites.get': () => {
        throw refusal(404, 'not_found', 'Site not found');
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Site not found');
    expect(screen.getByRole('link', { name: 'Go to your organizations' })).toBeInTheDocument();
  });
});
