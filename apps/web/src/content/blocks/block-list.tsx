/**
 * A list of blocks, each by the component of its family. A block of a type this view does not
 * know shows as a marked placeholder naming its type, with whatever text it holds: nothing
 * disappears silently and nothing of it is run. Depth is bounded (documents accepted on write
 * are, but a document from elsewhere may not be).
 */
import { createContext, useContext } from 'react';
import { CodeBlock, PromptBlock } from './code-block';
import { ColumnsBlock } from './columns-block';
import { ConditionBlock } from './condition-block';
import type { DocBlock, DocNode } from './document-shape';
import { textOfNodes } from './document-text';
import { ExpandableBlock } from './expandable-block';
import { HintBlock } from './hint-block';
import { DrawingBlock, ImageFigure, ImagesBlock } from './images-block';
import { Inlines } from './inline-view';
import { ContentRefBlock, EmbedBlock, FileBlock, IntegrationBlock, OpenApiBlock } from './link-cards';
import { MathBlock } from './math';
import { ReusableContentBlock } from './reusable-content-block';
import { StepperBlock } from './stepper-block';
import { TableBlock } from './table-block';
import { TabsBlock } from './tabs-block';
import { Divider, Heading, ListBlock, Paragraph, Quote } from './text-blocks';
import { UpdatesBlock } from './updates-block';

/** Blocks nested deeper than this show as their text (GitBook's own documents nest far less). */
const MAX_DEPTH = 24;

const DepthContext = createContext(0);

type BlockComponent = (props: { block: DocBlock }) => React.ReactNode;

const BLOCKS: Readonly<Record<string, BlockComponent>> = {
  paragraph: Paragraph,
  'heading-1': Heading,
  'heading-2': Heading,
  'heading-3': Heading,
  'list-ordered': ListBlock,
  'list-unordered': ListBlock,
  'list-tasks': ListBlock,
  blockquote: Quote,
  divider: Divider,
  hint: HintBlock,
  code: CodeBlock,
  prompt: PromptBlock,
  math: ({ block }) => (
    <MathBlock formula={typeof block.data?.formula === 'string' ? block.data.formula : ''} />
  ),
  tabs: TabsBlock,
  stepper: StepperBlock,
  expandable: ExpandableBlock,
  columns: ColumnsBlock,
  table: TableBlock,
  images: ImagesBlock,
  image: ImageFigure,
  drawing: DrawingBlock,
  file: FileBlock,
  embed: EmbedBlock,
  'content-ref': ContentRefBlock,
  integration: IntegrationBlock,
  swagger: OpenApiBlock,
  'openapi-operation': OpenApiBlock,
  'openapi-schemas': OpenApiBlock,
  'openapi-webhook': OpenApiBlock,
  'reusable-content': ReusableContentBlock,
  if: ConditionBlock,
  updates: UpdatesBlock,
};

export function BlockList({ blocks, tight }: { blocks: readonly DocNode[] | undefined; tight?: boolean }) {
  const depth = useContext(DepthContext);
  const list = blocks ?? [];
  if (depth >= MAX_DEPTH) return <p>{textOfNodes(list)}</p>;
  // A list item holding one paragraph shows its text alone (a tight list, as markdown has it).
  const only = list.length === 1 ? list[0] : undefined;
  if (tight && only?.object === 'block' && only.type === 'paragraph') return <Inlines nodes={only.nodes} />;
  return (
    <DepthContext.Provider value={depth + 1}>
      {list.map((node, index) => (
        <Block key={node.key ?? index} node={node} />
      ))}
    </DepthContext.Provider>
  );
}

function Block({ node }: { node: DocNode }) {
  if (node.object !== 'block') return <Inlines nodes={[node]} />;
  const Component = Object.hasOwn(BLOCKS, node.type) ? BLOCKS[node.type] : undefined;
  if (Component) return <Component block={node} />;
  return <UnknownBlock block={node} />;
}

function UnknownBlock({ block }: { block: DocBlock }) {
  const text = textOfNodes(block.nodes);
  return (
    <section className="doc-unknown" aria-label={`A ${block.type} block`}>
      <span className="doc-unknown-type">{block.type}</span>
      {text && <p>{text}</p>}
    </section>
  );
}
