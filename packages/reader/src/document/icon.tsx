/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * An icon of GitBook's (a Font Awesome name) as inline SVG (`icon-set.ts`): one path or two,
 * in the text's colour, sized to the text. Beside a label (a tab's, a button's, a hint's) it is
 * decoration, hidden from assistive technology; standing alone in text (`labelled`) it is an
 * image named by its name. A name no set has draws nothing.
 */
import { iconShape } from '../icon-set';

export function Icon({ name, labelled = false }: { name: string; labelled?: boolean }) {
  const shape = iconShape(name);
  if (!shape) return null;
  return (
    <svg
      className="fa-icon"
      viewBox={`0 0 ${shape.width} ${shape.height}`}
      xmlns="http://www.w3.org/2000/svg"
      focusable="false"
      role="img"
      aria-label={labelled ? name : undefined}
      aria-hidden={labelled ? undefined : true}
    >
      {shape.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** The icon GitBook shows for each style of hint. */
export const HINT_ICONS: Record<string, string> = {
  info: 'circle-info',
  warning: 'circle-exclamation',
  danger: 'triangle-exclamation',
  success: 'circle-check',
};
