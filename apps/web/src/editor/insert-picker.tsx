/**
 * The emoji and mention pickers, opened from the slash menu (`/emoji`, `/mention`) or the
 * toolbar's insert menu: a search field and a list by the cursor. ArrowDown and ArrowUp
 * choose, Enter inserts at the cursor, Escape closes; the focus goes back to the text.
 *
 * - An emoji is GitBook's inline emoji (its code points), saved as its shortcode (`:tada:`).
 * - A mention names a page of the space or a member of the organization: GitBook's mention
 *   (a `mention` node, shown as a chip, `mention-view.tsx`), saved as Git Sync writes it (a
 *   link titled "mention"; a member's is `https://app.gitbook.com/u/<userId>`). Should the
 *   server's markdown ever not keep a user mention (checked at run time), a member is inserted
 *   as the text `@Name`, and the list says so, rather than a mention the save would empty.
 */
import { useQuery } from '@tanstack/react-query';
import { type Editor, Extension, useEditorState } from '@tiptap/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTRPC } from '../api/trpc';
import { documentToMarkdown, markdownToDocument } from './documents';
import { noteUserName } from './editor-content';
import { emojiCode, matchingEmoji } from './emoji-list';
import { sameJson } from './gitbook-shapes';

export type PickerKind = 'emoji' | 'mention';

interface PickerStorage {
  open: PickerKind | undefined;
}

const storageOf = (editor: Editor): PickerStorage =>
  (editor.storage as unknown as { insertPicker: PickerStorage }).insertPicker;

export const InsertPickerState = Extension.create<Record<string, never>, PickerStorage>({
  name: 'insertPicker',
  addStorage: () => ({ open: undefined }),
});

/** Opens a picker by the cursor (a transaction tells the panel). */
export function openPicker(editor: Editor, kind: PickerKind | undefined): void {
  storageOf(editor).open = kind;
  editor.view.dispatch(editor.state.tr.setMeta('insertPicker', kind ?? 'closed'));
}

interface Choice {
  key: string;
  label: string;
  detail?: string;
  insert: () => void;
}

/** Whether the server's markdown keeps a mention of `ref` (written, then read back the same). */
function mentionKept(ref: Record<string, string>): boolean {
  try {
    const paragraph = {
      object: 'block',
      type: 'paragraph',
      data: {},
      nodes: [{ object: 'inline', type: 'mention', isVoid: true, data: { ref } }],
    };
    const markdown = documentToMarkdown({ object: 'document', data: {}, nodes: [paragraph] } as never);
    const back = markdownToDocument(markdown).nodes[0] as
      | { nodes?: { data?: { ref?: unknown } }[] }
      | undefined;
    return sameJson(back?.nodes?.[0]?.data?.ref, ref);
  } catch {
    return false;
  }
}

interface PageEntry {
  id: string;
  title: string;
  pages?: PageEntry[];
}

function flatPages(pages: readonly PageEntry[]): PageEntry[] {
  const out: PageEntry[] = [];
  const stack = [...pages].reverse();
  while (stack.length > 0) {
    const page = stack.pop() as PageEntry;
    out.push(page);
    stack.push(...[...(page.pages ?? [])].reverse());
  }
  return out;
}

function useChoices(
  editor: Editor,
  kind: PickerKind,
  query: string,
  organizationId: string,
  spaceId: string,
): Choice[] {
  const trpc = useTRPC();
  const members = useQuery({
    ...trpc.orgs.members.list.queryOptions({ organizationId, limit: 1000 }),
    enabled: kind === 'mention' && organizationId !== '',
  });
  const pages = useQuery({
    ...trpc.spaces.content.pages.list.queryOptions({ spaceId }),
    enabled: kind === 'mention',
  });
  const userMentionsKept = useMemo(() => mentionKept({ kind: 'user', user: 'u' }), []);
  const inline = (json: Record<string, unknown>) => () =>
    editor
      .chain()
      .focus()
      .insertContent({ type: 'gitbookInline', attrs: { inline: json } })
      .run();
  const mention = (ref: Record<string, string>) => () =>
    editor
      .chain()
      .focus()
      .insertContent({ type: 'mention', attrs: { data: { ref } } })
      .run();
  if (kind === 'emoji')
    return matchingEmoji(query).map((choice) => ({
      key: choice.name,
      label: choice.emoji + '  ' + choice.name.replaceAll('_', ' '),
      insert: inline({
        object: 'inline',
        type: 'emoji',
        isVoid: true,
        data: { code: emojiCode(choice.emoji) },
      }),
    }));
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (text: string) => words.every((word) => text.toLowerCase().includes(word));
  const memberChoices: Choice[] = (members.data?.items ?? [])
    .filter((member) => matches(member.user.displayName + ' ' + (member.user.email ?? '')))
    .slice(0, 20)
    .map((member) => ({
      key: 'user-' + member.id,
      label: '@' + member.user.displayName,
      detail: userMentionsKept ? 'Member' : 'Member (inserted as text)',
      insert: userMentionsKept
        ? () => {
            noteUserName(member.user.id, member.user.displayName);
            mention({ kind: 'user', user: member.user.id })();
          }
        : () =>
            editor
              .chain()
              .focus()
              .insertContent('@' + member.user.displayName)
              .run(),
    }));
  const pageChoices: Choice[] = flatPages((pages.data?.pages ?? []) as PageEntry[])
    .filter((page) => matches(page.title))
    .slice(0, 20)
    .map((page) => ({
      key: 'page-' + page.id,
      label: page.title || 'Untitled',
      detail: 'Page',
      insert: mention({ kind: 'page', page: page.id }),
    }));
  return [...memberChoices, ...pageChoices];
}

export function InsertPicker({
  editor,
  organizationId,
  spaceId,
}: {
  editor: Editor;
  organizationId: string;
  spaceId: string;
}) {
  const kind = useEditorState({ editor, selector: ({ editor: current }) => storageOf(current).open });
  if (!kind) return null;
  return (
    <PickerPanel key={kind} editor={editor} kind={kind} organizationId={organizationId} spaceId={spaceId} />
  );
}

function PickerPanel({
  editor,
  kind,
  organizationId,
  spaceId,
}: {
  editor: Editor;
  kind: PickerKind;
  organizationId: string;
  spaceId: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const choices = useChoices(editor, kind, query, organizationId, spaceId);
  const chosen = Math.min(index, Math.max(choices.length - 1, 0));
  useEffect(() => input.current?.focus(), []);
  const close = () => {
    openPicker(editor, undefined);
    editor.view.focus();
  };
  const pick = (choice: Choice | undefined) => {
    if (!choice) return;
    openPicker(editor, undefined);
    choice.insert();
  };
  let place = { left: 0, bottom: 0 };
  try {
    place = editor.view.coordsAtPos(editor.state.selection.from);
  } catch {
    // No layout (a test's DOM): drawn at the corner.
  }
  const label = kind === 'emoji' ? 'Insert an emoji' : 'Mention a member or a page';
  return (
    <div
      className="popover editor-menu editor-picker"
      role="dialog"
      aria-label={label}
      style={{ position: 'fixed', left: place.left, top: place.bottom + 4 }}
    >
      <label htmlFor={id + 'search'}>{kind === 'emoji' ? 'Search emoji' : 'Search people and pages'}</label>
      <input
        ref={input}
        id={id + 'search'}
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls={id + 'list'}
        aria-activedescendant={choices[chosen] ? id + choices[chosen].key : undefined}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setIndex(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            close();
          } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setIndex((chosen + step + choices.length) % Math.max(choices.length, 1));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            pick(choices[chosen]);
          }
        }}
      />
      {choices.length === 0 ? (
        <p className="muted">
          {kind === 'emoji' ? 'No emoji by that name' : 'No member or page by that name'}
        </p>
      ) : (
        <div id={id + 'list'} role="listbox" aria-label={label} className="editor-picker-list">
          {choices.map((choice, at) => (
            <div
              key={choice.key}
              id={id + choice.key}
              role="option"
              tabIndex={-1}
              aria-selected={at === chosen}
              className="editor-menu-item"
              onMouseDown={(event) => {
                event.preventDefault();
                pick(choice);
              }}
            >
              {choice.label}
              {choice.detail && <span className="muted editor-picker-detail"> {choice.detail}</span>}
            </div>
          ))}
        </div>
      )}
      <button type="button" className="editor-tool" onClick={close}>
        Close
      </button>
    </div>
  );
}
