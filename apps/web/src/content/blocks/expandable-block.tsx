/**
 * GitBook's expandable: a `<details>` whose summary is its title fragment and whose body is
 * its body fragment, open when the block says so. The browser's own element: opened by
 * keyboard, announced as a disclosure, found by in-page search, working without scripts.
 */

import { type DocBlock, fragmentNamed } from './document-shape';
import { Inlines } from './inline-view';
import { Blocks } from './nested-blocks';

export function ExpandableBlock({ block }: { block: DocBlock }) {
  const title = fragmentNamed(block, 'expandable-title');
  const body = fragmentNamed(block, 'expandable-body');
  // An anchor of GitBook's form only: an id from content never names one of the app's elements.
  const given = block.meta?.id;
  const id = typeof given === 'string' && /^[-a-z0-9._+]{1,100}$/.test(given) ? `block-${given}` : undefined;
  return (
    <details className="doc-expandable" open={block.data?.defaultExpanded === true} id={id}>
      <summary>
        {title?.nodes.map((paragraph, index) => (
          <Inlines key={paragraph.key ?? index} nodes={paragraph.nodes} />
        )) ?? 'Details'}
      </summary>
      <div className="doc-expandable-body">
        <Blocks blocks={body?.nodes} />
      </div>
    </details>
  );
}
