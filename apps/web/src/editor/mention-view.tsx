/**
 * How the editor shows GitBook's mentions: a chip with the name the target has now (a
 * member's display name, a page's title), looked up in the organization's members and the
 * space's pages; a target not found shows its reference. The name is never saved: the
 * document holds the reference only, as GitBook's does.
 */
import { useQuery } from '@tanstack/react-query';
import { NodeViewWrapper, type ReactNodeViewProps, ReactNodeViewRenderer } from '@tiptap/react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTRPC } from '../api/trpc';
import { MentionNode } from './gitbook-nodes';
import { refText } from './gitbook-type-names';

type NameOf = (ref: unknown) => { name: string; kind: 'member' | 'page' } | undefined;

const MentionNamesContext = createContext<NameOf>(() => undefined);

interface PageEntry {
  id: string;
  title: string;
  pages?: PageEntry[];
}

export function MentionNames({
  organizationId,
  spaceId,
  children,
}: {
  organizationId: string;
  spaceId: string;
  children: ReactNode;
}) {
  const trpc = useTRPC();
  const members = useQuery({
    ...trpc.orgs.members.list.queryOptions({ organizationId, limit: 1000 }),
    enabled: organizationId !== '',
  });
  const pages = useQuery(trpc.spaces.content.pages.list.queryOptions({ spaceId }));
  const nameOf = useMemo((): NameOf => {
    const users = new Map<string, string>();
    for (const member of members.data?.items ?? []) {
      users.set(member.id, member.user.displayName);
      users.set(member.user.id, member.user.displayName);
    }
    const titles = new Map<string, string>();
    const stack = [...((pages.data?.pages ?? []) as PageEntry[])];
    while (stack.length > 0) {
      const page = stack.pop() as PageEntry;
      titles.set(page.id, page.title || 'Untitled');
      stack.push(...(page.pages ?? []));
    }
    return (ref) => {
      const fields = (typeof ref === 'object' && ref !== null ? ref : {}) as Record<string, unknown>;
      if (fields.kind === 'user' && typeof fields.user === 'string') {
        const name = users.get(fields.user);
        return name === undefined ? undefined : { name, kind: 'member' };
      }
      if ((fields.kind === 'page' || fields.kind === 'anchor') && typeof fields.page === 'string') {
        const title = titles.get(fields.page);
        return title === undefined ? undefined : { name: title, kind: 'page' };
      }
      return undefined;
    };
  }, [members.data, pages.data]);
  return <MentionNamesContext.Provider value={nameOf}>{children}</MentionNamesContext.Provider>;
}

function MentionView({ node, selected }: ReactNodeViewProps) {
  const nameOf = useContext(MentionNamesContext);
  const ref = (node.attrs.data as { ref?: unknown } | null)?.ref;
  const found = nameOf(ref);
  const isUser = (ref as { kind?: unknown } | undefined)?.kind === 'user';
  const label = found ? (isUser ? '@' + found.name : found.name) : '@' + refText(ref);
  return (
    <NodeViewWrapper
      as="span"
      className={
        'editor-mention' + (isUser ? ' editor-mention-member' : '') + (selected ? ' is-selected' : '')
      }
      contentEditable={false}
      data-mention=""
      title={isUser ? 'Mention of a member' : 'Mention'}
    >
      {label}
    </NodeViewWrapper>
  );
}

export const MentionWithView = MentionNode.extend({
  addNodeView() {
    return ReactNodeViewRenderer(MentionView, { as: 'span' });
  },
});
