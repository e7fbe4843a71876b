import type { Html, Node, PhrasingContent } from 'mdast';
import type { Options as StringifyOptions } from 'remark-stringify';
import { sizedButtonHtml } from './gitbook-phrasing-html';
import { hasOnlyAttributes, type StartTag, startTagOf } from './html-tag-attributes';

/**
 * GitBook's buttons that `gitbook-html.ts` does not read: a link button with a size,
 * `<a href="u" class="button primary" data-icon="x" data-size="large">Label</a>` (`data-size`
 * is not seen in GitBook's repositories: written like its other `data-*` fields, harmless to
 * its reader), and a button with an action instead of a link, as GitBook writes them:
 * `<button type="button" class="button secondary" data-action="ask" data-query="How?"
 * data-icon="gitbook-assistant">Ask</button>` (`ask` and `search` with an optional
 * `data-query`; `select` with `data-slug`, GitBook's field name). The label is plain text.
 */
export type ButtonAction =
  | { action: 'search'; query?: string }
  | { action: 'ask'; query?: string }
  | { action: 'select'; slug: string };

export interface GitbookSizedButton extends Node {
  type: 'gitbookSizedButton';
  kind: 'primary' | 'secondary';
  label: string;
  icon?: string;
  size?: 'small' | 'medium' | 'large';
  /** A link button's target, or else its action. */
  url?: string;
  action?: ButtonAction;
}

declare module 'mdast' {
  interface PhrasingContentMap {
    gitbookSizedButton: GitbookSizedButton;
  }
  interface RootContentMap {
    gitbookSizedButton: GitbookSizedButton;
  }
}

const sizes = new Set(['small', 'medium', 'large']);
const icon = /^[a-z0-9][a-z0-9-]{0,63}$/;

type Opening = Omit<GitbookSizedButton, 'type' | 'label'> & { closing: string };

function openingOf(value: string): Opening | undefined {
  const tag = startTagOf(value);
  return tag === undefined ? undefined : openingOfTag(tag);
}

function openingOfTag(tag: StartTag): Opening | undefined {
  const a = tag.attributes;
  const kind =
    a.class === 'button primary' ? 'primary' : a.class === 'button secondary' ? 'secondary' : undefined;
  if (kind === undefined) return undefined;
  if (a['data-size'] !== undefined && !sizes.has(a['data-size'])) return undefined;
  if (a['data-icon'] !== undefined && !icon.test(a['data-icon'])) return undefined;
  const common = {
    kind,
    ...(a['data-icon'] === undefined ? {} : { icon: a['data-icon'] }),
    ...(a['data-size'] === undefined ? {} : { size: a['data-size'] as GitbookSizedButton['size'] }),
  } as const;
  if (tag.name === 'a') {
    // Without a size it is `gitbook-html.ts`'s.
    if (!hasOnlyAttributes(tag, ['href', 'class', 'data-size'], ['data-icon'])) return undefined;
    return { ...common, url: a.href!, closing: '</a>' };
  }
  if (tag.name !== 'button' || a.type !== 'button') return undefined;
  const action = a['data-action'];
  if (action === 'ask' || action === 'search') {
    if (!hasOnlyAttributes(tag, ['type', 'class', 'data-action'], ['data-query', 'data-icon', 'data-size']))
      return undefined;
    const query = a['data-query'];
    return { ...common, action: query === undefined ? { action } : { action, query }, closing: '</button>' };
  }
  if (action === 'select') {
    if (!hasOnlyAttributes(tag, ['type', 'class', 'data-action', 'data-slug'], ['data-icon', 'data-size']))
      return undefined;
    return { ...common, action: { action, slug: a['data-slug']! }, closing: '</button>' };
  }
  return undefined;
}

/**
 * Each opening html node of such a button, the text nodes after it and its closing html node
 * replaced by one typed node. One pass: a text node is looked at by the opening before it only.
 */
export function readSizedButtons(children: PhrasingContent[]): PhrasingContent[] {
  if (!children.some((child) => child.type === 'html')) return children;
  const out: PhrasingContent[] = [];
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    const opening =
      child.type === 'html' && (child.value.startsWith('<a ') || child.value.startsWith('<button '))
        ? openingOf(child.value)
        : undefined;
    if (opening !== undefined) {
      let end = index + 1;
      let label = '';
      while (children[end]?.type === 'text') {
        label += (children[end] as { value: string }).value;
        end += 1;
      }
      const closing = children[end] as Html | undefined;
      if (closing?.type === 'html' && closing.value === opening.closing && label.trim() !== '') {
        const { closing: _, ...button } = opening;
        out.push({ type: 'gitbookSizedButton', ...button, label });
        index = end;
        continue;
      }
    }
    out.push(child);
  }
  return out;
}

/**
 * Such a button parsed as an element inside GitBook's HTML (`<p align="center"><button
 * type="button" class="button primary" data-action="ask">Ask</button></p>`): its tag's
 * attributes and its label.
 */
export function sizedButtonOfTag(tag: StartTag, label: string): GitbookSizedButton | undefined {
  const opening = openingOfTag(tag);
  if (opening === undefined || label.trim() === '') return undefined;
  const { closing: _, ...button } = opening;
  return { type: 'gitbookSizedButton', ...button, label };
}

type Handle = NonNullable<NonNullable<StringifyOptions['handlers']>['hint']>;

export const printSizedButton: Handle = (node, _parent, state, info) => {
  const button = node as GitbookSizedButton;
  const label = state.safe(button.label.replace(/[\r\n]+/g, ' '), { ...info, before: '>', after: '<' });
  return sizedButtonHtml(button, label);
};
