/**
 * GitBook's columns: side by side with their widths (a share of the row) and vertical
 * alignment on a wide screen, stacked in order on a narrow one (`document.css`).
 */
import type { CSSProperties } from 'react';
import type { DocBlock } from './document-shape';
import { Blocks } from './nested-blocks';

/** A column's width as a share of the row (GitBook writes a number or a percentage). */
function share(width: unknown): number | undefined {
  const value =
    typeof width === 'number'
      ? width
      : typeof width === 'object' && width !== null && (width as { unit?: unknown }).unit === '%'
        ? (width as { value?: unknown }).value
        : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 100 ? value : undefined;
}

export function ColumnsBlock({ block }: { block: DocBlock }) {
  const columns = (block.nodes ?? []).filter(
    (node): node is DocBlock => node.object === 'block' && node.type === 'column',
  );
  return (
    <div className={block.data?.fullWidth === true ? 'doc-columns doc-full-width' : 'doc-columns'}>
      {columns.map((column, index) => {
        const width = share(column.data?.width);
        const align = column.data?.verticalAlignment;
        const style: CSSProperties | undefined =
          width !== undefined ? { flexGrow: width, flexBasis: 0 } : undefined;
        return (
          <div
            key={column.key ?? index}
            className={`doc-column${align === 'middle' || align === 'bottom' ? ` doc-column-${align}` : ''}`}
            style={style}
          >
            <Blocks blocks={column.nodes} />
          </div>
        );
      })}
    </div>
  );
}
