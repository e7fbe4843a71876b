/**
 * GitBook's stepper: numbered steps down a line, each step's blocks beside its number. An
 * ordered list, so the steps and their count are announced as such.
 */

import type { DocBlock } from './document-shape';
import { Blocks } from './nested-blocks';

export function StepperBlock({ block }: { block: DocBlock }) {
  const steps = (block.nodes ?? []).filter(
    (node): node is DocBlock => node.object === 'block' && node.type === 'stepper-step',
  );
  return (
    <ol className="doc-stepper">
      {steps.map((step, index) => (
        <li key={step.key ?? index} className="doc-step">
          <span className="doc-step-number" aria-hidden="true">
            {index + 1}
          </span>
          <div className="doc-step-body">
            <Blocks blocks={step.nodes} />
          </div>
        </li>
      ))}
    </ol>
  );
}
