/**
 * A remark plugin for the read view (`content/markdown.tsx`): GitBook's hints
 * (`{% hint style="info" %}` ... `{% endhint %}`, which the editor writes), read by the
 * server's own reader (`@quire/documents`' `readHints`, so the page shows a hint exactly where
 * the server sees one, at any depth), become boxes in their style, announced as notes.
 */
import { type Hint, readHints } from '@quire/documents/hint-syntax';

type Tree = Parameters<typeof readHints>[0];
type Parent = { type: string; children?: Parent[]; data?: unknown; style?: string };

const STYLE_NAMES: Readonly<Record<Hint['style'], string>> = {
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  success: 'Success',
};

export function remarkHints() {
  return (tree: Tree, file: { value: unknown }) => {
    readHints(tree, String(file.value));
    const visit = (node: Parent): void => {
      if (node.type === 'hint') {
        const style = (node as unknown as Hint).style;
        node.data = {
          hName: 'div',
          hProperties: {
            className: ['hint', 'hint-' + style],
            role: 'note',
            ariaLabel: STYLE_NAMES[style] + ' hint',
          },
        };
      }
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree as unknown as Parent);
  };
}
