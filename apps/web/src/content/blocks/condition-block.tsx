/**
 * GitBook's `if` block (adaptive content): in the app, its content with a marker naming the
 * condition (people editing the docs see every variant); in a reader, its content only for a
 * visitor whose claims satisfy the condition (the place's `conditions.holds`).
 */

import { type DocBlock, stringOf } from './document-shape';
import { Blocks } from './nested-blocks';
import { useRendering } from './render-context';

export function ConditionBlock({ block }: { block: DocBlock }) {
  const { conditions } = useRendering();
  const expression = stringOf(block.data, 'expression') ?? '';
  if (conditions.mode === 'evaluate')
    return conditions.holds(expression) ? <Blocks blocks={block.nodes} /> : null;
  return (
    <section className="doc-condition" aria-label={`Shown when ${expression || 'a condition holds'}`}>
      <p className="doc-condition-marker">
        <span className="doc-condition-label">Shown when</span> <code>{expression || '(no condition)'}</code>
      </p>
      <Blocks blocks={block.nodes} />
    </section>
  );
}
