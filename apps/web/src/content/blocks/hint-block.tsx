/**
 * GitBook's hints: a box in its style (info, warning, danger, success) with the style's icon,
 * or the hint's own icon, announced as a note named by its style.
 */

import { type DocBlock, stringOf } from './document-shape';
import { NamedIcon, SvgIcon } from './icons';
import { Blocks } from './nested-blocks';

const STYLE_NAMES = { info: 'Info', warning: 'Warning', danger: 'Danger', success: 'Success' } as const;
type HintStyle = keyof typeof STYLE_NAMES;

export function HintBlock({ block }: { block: DocBlock }) {
  const given = stringOf(block.data, 'style');
  const style: HintStyle =
    given !== undefined && Object.hasOwn(STYLE_NAMES, given) ? (given as HintStyle) : 'info';
  const icon = stringOf(block.data, 'icon');
  return (
    <div className={`hint hint-${style} doc-hint`} role="note" aria-label={`${STYLE_NAMES[style]} hint`}>
      <span className="doc-hint-icon">{icon ? <NamedIcon name={icon} /> : <SvgIcon name={style} />}</span>
      <div className="doc-hint-body">
        <Blocks blocks={block.nodes} />
      </div>
    </div>
  );
}
