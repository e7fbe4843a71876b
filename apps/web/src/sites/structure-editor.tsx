/**
 * A site's structure: its sections (alone or in groups) with their site spaces (the
 * variants), or its site spaces alone while it has no section. People who may shape it
 * (`create`) add a section from a space, add a variant to a section, edit paths, titles and
 * conditions, delete, and reorder siblings by dragging them by their handle or with Move up /
 * Move down in each item's actions menu: every move is one structure sort (after the sibling
 * now before it), shown at once and undone if the server refuses it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorOf } from '../api/api-error';
import { useTRPC } from '../api/trpc';
import { Empty, QueryState } from '../ui/states';
import { AddFromSpace } from './add-from-space';
import type { Site, SiteSection, SiteSectionGroup, SiteSpace, SiteStructure } from './site-types';
import { DragHandle, SortableList } from './sortable-list';
import {
  DeleteStructureItemDialog,
  EditStructureItemDialog,
  type StructureItem,
  useRefreshStructure,
} from './structure-dialogs';
import { StructureItemActions } from './structure-item-actions';
import { refOf, reorderedStructure, type SiblingList, sortPositionOf } from './structure-order';

/** What each row needs to move, edit and delete itself. */
interface Handlers {
  canEdit: boolean;
  move: (
    list: SiblingList,
    siblings: ReadonlyArray<SiteSpace | SiteSection | SiteSectionGroup>,
    from: number,
    to: number,
  ) => void;
  edit: (editing: StructureItem) => void;
  remove: (removal: StructureItem) => void;
}

export function SiteStructureEditor({ organizationId, site }: { organizationId: string; site: Site }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const siteRef = { organizationId, siteId: site.id };
  const structure = useQuery(trpc.sites.structure.get.queryOptions(siteRef));
  const refresh = useRefreshStructure();
  const [editing, setEditing] = useState<StructureItem | null>(null);
  const [removal, setRemoval] = useState<StructureItem | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'refused'; message: string } | null>(null);
  const sort = useMutation(trpc.sites.structure.sort.mutationOptions());
  const addSection = useMutation(trpc.sites.sections.create.mutationOptions({ onSuccess: refresh }));
  const canEdit = site.permissions.create;

  const move: Handlers['move'] = (list, siblings, from, to) => {
    const moving = siblings[from];
    const position = sortPositionOf(siblings.map(refOf), from, to);
    if (!moving || !position) return;
    const key = trpc.sites.structure.get.queryKey(siteRef);
    const before = queryClient.getQueryData<SiteStructure>(key);
    if (before) queryClient.setQueryData(key, reorderedStructure(before, list, from, to));
    setOutcome(null);
    sort.mutate(
      { ...siteRef, item: refOf(moving), position },
      {
        onSuccess: () => setOutcome({ kind: 'done', message: `Moved ${moving.title}.` }),
        onError: (error) => {
          if (before) queryClient.setQueryData(key, before);
          setOutcome({
            kind: 'refused',
            message: `${moving.title} could not be moved: ${apiErrorOf(error).message}`,
          });
        },
        onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
      },
    );
  };
  const handlers: Handlers = { canEdit, move, edit: setEditing, remove: setRemoval };

  return (
    <section className="site-structure" aria-labelledby="structure-title">
      <h2 id="structure-title" className="visually-hidden">
        Structure
      </h2>
      {canEdit ? (
        <>
          <p className="muted">
            Drag an item by its handle to reorder it among its siblings, or use its actions menu. A section is
            one body of content; its site spaces are its variants (versions, languages).
          </p>
          <AddFromSpace
            organizationId={organizationId}
            label="Space for a new section"
            submitLabel="Add section"
            pending={addSection.isPending}
            error={addSection.error}
            onAdd={(spaceId) => addSection.mutate({ ...siteRef, spaceId })}
          />
        </>
      ) : (
        <p className="muted">You can see this site’s structure; shaping it needs the Creator role.</p>
      )}
      <div aria-live="polite" className="structure-outcome">
        {outcome?.kind === 'done' && <p className="notice">{outcome.message}</p>}
      </div>
      {outcome?.kind === 'refused' && (
        <p className="form-error" role="alert">
          {outcome.message}
        </p>
      )}
      <QueryState
        query={structure}
        loading="Loading the structure…"
        isEmpty={(data) => data.structure.length === 0}
        empty={
          <Empty title="Nothing on this site yet">
            <p className="muted">Add a section from one of the organization’s spaces.</p>
          </Empty>
        }
      >
        {(data) =>
          data.type === 'siteSpaces' ? (
            <RootSiteSpaces
              organizationId={organizationId}
              site={site}
              siteSpaces={data.structure}
              handlers={handlers}
            />
          ) : (
            <SortableList
              items={data.structure}
              label="Sections"
              className="structure-list"
              disabled={!canEdit || sort.isPending}
              onMove={(from, to) => move({ kind: 'top' }, data.structure, from, to)}
            >
              {(entry, index, handle) =>
                entry.object === 'site-section' ? (
                  <SectionItem
                    organizationId={organizationId}
                    site={site}
                    section={entry}
                    siblings={data.structure}
                    list={{ kind: 'top' }}
                    index={index}
                    handle={handle}
                    handlers={handlers}
                  />
                ) : (
                  <GroupItem
                    organizationId={organizationId}
                    site={site}
                    group={entry}
                    siblings={data.structure}
                    index={index}
                    handle={handle}
                    handlers={handlers}
                  />
                )
              }
            </SortableList>
          )
        }
      </QueryState>
      {editing && (
        <EditStructureItemDialog site={siteRef} editing={editing} onClose={() => setEditing(null)} />
      )}
      {removal && (
        <DeleteStructureItemDialog site={siteRef} removal={removal} onClose={() => setRemoval(null)} />
      )}
    </section>
  );
}

type Handle = Parameters<typeof DragHandle>[0]['handle'];

function RootSiteSpaces({
  organizationId,
  site,
  siteSpaces,
  handlers,
}: {
  organizationId: string;
  site: Site;
  siteSpaces: readonly SiteSpace[];
  handlers: Handlers;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshStructure();
  const add = useMutation(trpc.sites.siteSpaces.create.mutationOptions({ onSuccess: refresh }));
  const list: SiblingList = { kind: 'top' };
  return (
    <>
      <SortableList
        items={siteSpaces}
        label="Site spaces"
        className="structure-list"
        disabled={!handlers.canEdit}
        onMove={(from, to) => handlers.move(list, siteSpaces, from, to)}
      >
        {(siteSpace, index, handle) => (
          <SiteSpaceRow
            siteSpace={siteSpace}
            siblings={siteSpaces}
            list={list}
            index={index}
            handle={handle}
            handlers={handlers}
          />
        )}
      </SortableList>
      {handlers.canEdit && (
        <AddFromSpace
          organizationId={organizationId}
          label="Space to add to the site"
          submitLabel="Add site space"
          pending={add.isPending}
          error={add.error}
          onAdd={(spaceId) => add.mutate({ organizationId, siteId: site.id, spaceId })}
        />
      )}
    </>
  );
}

function GroupItem({
  organizationId,
  site,
  group,
  siblings,
  index,
  handle,
  handlers,
}: {
  organizationId: string;
  site: Site;
  group: SiteSectionGroup;
  siblings: ReadonlyArray<SiteSection | SiteSectionGroup>;
  index: number;
  handle: Handle;
  handlers: Handlers;
}) {
  const list: SiblingList = { kind: 'group', groupId: group.id };
  return (
    <div className="structure-group">
      <div className="structure-row structure-group-row">
        <DragHandle handle={handle} />
        <span className="structure-title">
          <strong>{group.title}</strong>
          <span className="muted"> · group of {group.sections.length} sections</span>
        </span>
        {handlers.canEdit && (
          <StructureItemActions
            title={group.title}
            canMoveUp={index > 0}
            canMoveDown={index < siblings.length - 1}
            onMoveUp={() => handlers.move({ kind: 'top' }, siblings, index, index - 1)}
            onMoveDown={() => handlers.move({ kind: 'top' }, siblings, index, index + 1)}
          />
        )}
      </div>
      <SortableList
        items={group.sections}
        label={`Sections of ${group.title}`}
        className="structure-list structure-nested"
        disabled={!handlers.canEdit}
        onMove={(from, to) => handlers.move(list, group.sections, from, to)}
      >
        {(section, sectionIndex, sectionHandle) => (
          <SectionItem
            organizationId={organizationId}
            site={site}
            section={section}
            siblings={group.sections}
            list={list}
            index={sectionIndex}
            handle={sectionHandle}
            handlers={handlers}
          />
        )}
      </SortableList>
    </div>
  );
}

function SectionItem({
  organizationId,
  site,
  section,
  siblings,
  list,
  index,
  handle,
  handlers,
}: {
  organizationId: string;
  site: Site;
  section: SiteSection;
  siblings: ReadonlyArray<SiteSection | SiteSectionGroup>;
  list: SiblingList;
  index: number;
  handle: Handle;
  handlers: Handlers;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshStructure();
  const add = useMutation(trpc.sites.siteSpaces.create.mutationOptions({ onSuccess: refresh }));
  const variants: SiblingList = { kind: 'section', sectionId: section.id };
  return (
    <div className="structure-section">
      <div className="structure-row structure-section-row">
        <DragHandle handle={handle} />
        <span className="structure-title">
          <strong>{section.title}</strong>
          <span className="muted structure-path">/{section.path}</span>
        </span>
        {section.default && <span className="badge">Default</span>}
        {section.condition && (
          <code className="structure-condition" title="Condition">
            {section.condition}
          </code>
        )}
        {handlers.canEdit && (
          <StructureItemActions
            title={section.title}
            canMoveUp={index > 0}
            canMoveDown={index < siblings.length - 1}
            onEdit={() => handlers.edit({ kind: 'section', item: section })}
            onMoveUp={() => handlers.move(list, siblings, index, index - 1)}
            onMoveDown={() => handlers.move(list, siblings, index, index + 1)}
            onDelete={() => handlers.remove({ kind: 'section', item: section })}
          />
        )}
      </div>
      {section.siteSpaces.length === 0 ? (
        <p className="muted structure-note">No site space in this section.</p>
      ) : (
        <SortableList
          items={section.siteSpaces}
          label={`Site spaces of ${section.title}`}
          className="structure-list structure-nested"
          disabled={!handlers.canEdit}
          onMove={(from, to) => handlers.move(variants, section.siteSpaces, from, to)}
        >
          {(siteSpace, spaceIndex, spaceHandle) => (
            <SiteSpaceRow
              siteSpace={siteSpace}
              siblings={section.siteSpaces}
              list={variants}
              index={spaceIndex}
              handle={spaceHandle}
              handlers={handlers}
            />
          )}
        </SortableList>
      )}
      {handlers.canEdit && (
        <AddFromSpace
          organizationId={organizationId}
          label={`Variant to add to ${section.title}`}
          hideLabel
          placeholder="A space to add as a variant…"
          submitLabel="Add variant"
          pending={add.isPending}
          error={add.error}
          onAdd={(spaceId) => add.mutate({ organizationId, siteId: site.id, spaceId, sectionId: section.id })}
        />
      )}
    </div>
  );
}

function SiteSpaceRow({
  siteSpace,
  siblings,
  list,
  index,
  handle,
  handlers,
}: {
  siteSpace: SiteSpace;
  siblings: readonly SiteSpace[];
  list: SiblingList;
  index: number;
  handle: Handle;
  handlers: Handlers;
}) {
  return (
    <div className="structure-row">
      <DragHandle handle={handle} />
      <span className="structure-title">
        {siteSpace.title || 'Untitled space'}
        <span className="muted structure-path">/{siteSpace.path}</span>
      </span>
      {siteSpace.default && <span className="badge">Default</span>}
      {siteSpace.condition && (
        <code className="structure-condition" title="Condition">
          {siteSpace.condition}
        </code>
      )}
      {handlers.canEdit && (
        <StructureItemActions
          title={siteSpace.title || 'Untitled space'}
          canMoveUp={index > 0}
          canMoveDown={index < siblings.length - 1}
          onEdit={() => handlers.edit({ kind: 'siteSpace', item: siteSpace })}
          onMoveUp={() => handlers.move(list, siblings, index, index - 1)}
          onMoveDown={() => handlers.move(list, siblings, index, index + 1)}
          onDelete={() => handlers.remove({ kind: 'siteSpace', item: siteSpace })}
        />
      )}
    </div>
  );
}
