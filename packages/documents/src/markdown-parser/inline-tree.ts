import type { Nodes, PhrasingContent, Text } from 'mdast';
import type { DelimiterGroup } from './delimiter-runs';
import type { SourcePoints } from './inline-input';
import type { InlineItem, LinkGroup } from './inline-items';

/**
 * The mdast nodes of the scanner's items (`inline-items.ts`), as mdast-util-from-markdown
 * makes them: adjacent texts merged into one node (its start the first's, its end the
 * last's), a link's or image's fields as its `]` found them, an image's `alt` the text of
 * what its brackets hold (mdast-util-to-string: texts, code, HTML, math, nested images' alt).
 */

interface Frame {
  children: PhrasingContent[];
  node: Nodes | undefined;
}

export interface InlineTree {
  children: PhrasingContent[];
  /** Text nodes holding a backslash escape (`escaped-autolinks.ts`). */
  escapedTexts: Set<Text>;
}

/** The text of nodes, as mdast-util-to-string gives an image's `alt`. */
export function textOf(nodes: readonly PhrasingContent[]): string {
  let result = '';
  for (const node of nodes) {
    if ('value' in node && typeof node.value === 'string') result += node.value;
    else if (node.type === 'image' || node.type === 'imageReference') result += node.alt ?? '';
    else if ('children' in node) result += textOf(node.children as PhrasingContent[]);
  }
  return result;
}

export function buildInlineTree(items: readonly InlineItem[], points: SourcePoints): InlineTree {
  const root: Frame = { children: [], node: undefined };
  const stack: Frame[] = [root];
  let frame = root;
  const escapedTexts = new Set<Text>();

  const position = (start: number, end: number) => ({ start: points.point(start), end: points.point(end) });

  const addText = (value: string, start: number, end: number, escaped: boolean) => {
    const last = frame.children[frame.children.length - 1];
    if (last !== undefined && last.type === 'text') {
      last.value += value;
      last.position!.end = points.point(end);
      if (escaped) escapedTexts.add(last);
      return;
    }
    const text: Text = { type: 'text', value, position: position(start, end) };
    if (escaped) escapedTexts.add(text);
    frame.children.push(text);
  };

  const open = (node: Nodes) => {
    frame.children.push(node as PhrasingContent);
    frame = { children: [], node };
    stack.push(frame);
  };

  const close = () => {
    const done = stack.pop()!;
    frame = stack[stack.length - 1]!;
    const node = done.node as Nodes;
    if (node.type === 'image' || node.type === 'imageReference') node.alt = textOf(done.children);
    else (node as { children: PhrasingContent[] }).children = done.children;
  };

  const groupNode = (group: DelimiterGroup): Nodes => ({
    type: group.type,
    children: [],
    position: position(group.start, group.end),
  });

  for (const item of items) {
    switch (item.kind) {
      case 'text':
        addText(item.value, item.start, item.end, item.escaped);
        break;
      case 'node':
        frame.children.push(item.node);
        break;
      case 'delimiter': {
        const run = item.run;
        for (let index = 0; index < run.closes.length; index++) close();
        const from = run.start + run.closeUsed;
        const to = run.end - run.openUsed;
        if (to > from) addText(String.fromCharCode(run.marker).repeat(to - from), from, to, false);
        for (let index = run.opens.length - 1; index >= 0; index--) open(groupNode(run.opens[index]!));
        break;
      }
      case 'opener':
        if (item.link === undefined) addText(item.image ? '![' : '[', item.start, item.end, false);
        else open(linkNode(item.link, position(item.link.start, item.link.end)));
        break;
      case 'linkEnd':
        close();
        break;
    }
  }
  return { children: root.children, escapedTexts };
}

function linkNode(link: LinkGroup, position: PhrasingContent['position']): Nodes {
  switch (link.type) {
    case 'link':
      return { type: 'link', title: link.title, url: link.url, children: [], position };
    case 'image':
      return { type: 'image', title: link.title, url: link.url, alt: null, position };
    case 'linkReference':
      return {
        type: 'linkReference',
        children: [],
        position,
        identifier: link.identifier,
        label: link.label,
        referenceType: link.referenceType,
      };
    case 'imageReference':
      return {
        type: 'imageReference',
        alt: null,
        position,
        identifier: link.identifier,
        label: link.label,
        referenceType: link.referenceType,
      };
  }
}
