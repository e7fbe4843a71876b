/**
 * GitBook's tabs, as WAI-ARIA's tabs pattern: a tab list whose tabs are selected by click or
 * by the arrow keys (Home and End for the first and last), one tab in the page's tab order,
 * the selected tab's panel shown. Every panel is rendered (the others hidden), so a page read
 * without scripts, searched in the browser or printed has all of them.
 */
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { type DocBlock, stringOf } from './document-shape';
import { NamedIcon } from './icons';
import { Blocks } from './nested-blocks';

export function TabsBlock({ block }: { block: DocBlock }) {
  const items = (block.nodes ?? []).filter(
    (node): node is DocBlock => node.object === 'block' && node.type === 'tabs-item',
  );
  const [selected, setSelected] = useState(0);
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  if (items.length === 0) return null;
  const current = Math.min(selected, items.length - 1);
  const choose = (index: number) => {
    setSelected(index);
    tabs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
  };
  return (
    <div className={block.data?.fullWidth === true ? 'doc-tabs doc-full-width' : 'doc-tabs'}>
      <div className="doc-tab-list" role="tablist" onKeyDown={onKeyDown}>
        {items.map((item, index) => {
          const icon = stringOf(item.data, 'icon');
          return (
            <button
              key={item.key ?? index}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${index}`}
              aria-selected={index === current}
              aria-controls={`${base}-panel-${index}`}
              tabIndex={index === current ? 0 : -1}
              className="doc-tab"
              onClick={() => setSelected(index)}
            >
              {icon && <NamedIcon name={icon} decorative />}
              {stringOf(item.data, 'title') || `Tab ${index + 1}`}
            </button>
          );
        })}
      </div>
      {items.map((item, index) => (
        <div
          key={item.key ?? index}
          role="tabpanel"
          id={`${base}-panel-${index}`}
          aria-labelledby={`${base}-tab-${index}`}
          hidden={index !== current}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA's tabs pattern: the panel takes focus
          tabIndex={0}
          className="doc-tab-panel"
        >
          <Blocks blocks={item.nodes} />
        </div>
      ))}
    </div>
  );
}
