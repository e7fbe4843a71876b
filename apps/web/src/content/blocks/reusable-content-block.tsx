/**
 * GitBook's reusable content block: the reusable content's document, rendered in place (the
 * place fetches it: `ReusableContent` of the rendering), inside a region that says where it
 * comes from; a card when the place cannot fetch it.
 */
import { createContext, useContext } from 'react';
import type { DocBlock, DocDocument } from './document-shape';
import { refOf } from './document-shape';
import { Blocks } from './nested-blocks';
import { useRendering } from './render-context';

/** Reusable content inside reusable content stops here (GitBook's editor allows no cycle). */
const MAX_DEPTH = 3;

const DepthContext = createContext(0);

export function ReusableContentBlock({ block }: { block: DocBlock }) {
  const rendering = useRendering();
  const depth = useContext(DepthContext);
  const ref = refOf(block.data?.ref);
  const id = ref?.kind === 'reusable-content' ? ref.reusableContent : undefined;
  if (!id || !rendering.ReusableContent || depth >= MAX_DEPTH)
    return (
      <div className="doc-reusable doc-reusable-missing">
        <p className="muted">Reusable content{id ? ` “${id}”` : ''} is not shown here.</p>
      </div>
    );
  const render = (document: DocDocument) => (
    <DepthContext.Provider value={depth + 1}>
      <Blocks blocks={document.nodes} />
    </DepthContext.Provider>
  );
  return (
    <div className="doc-reusable" data-reusable-content={id}>
      <rendering.ReusableContent block={block} render={render} />
    </div>
  );
}
