/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * A page's mark before its title, in the tree and in its heading: its emoji, else its icon,
 * else nothing (GitBook shows one or the other).
 */
import { Icon } from './document/icon';

export function PageMark({ page }: { page: { emoji?: string | undefined; icon?: string | undefined } }) {
  if (page.emoji) return <span className="page-emoji">{page.emoji}</span>;
  if (page.icon)
    return (
      <span className="page-icon">
        <Icon name={page.icon} />
      </span>
    );
  return null;
}
