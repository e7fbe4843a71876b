/** Where a file is used: the pages that show it or link to it (its backlinks), said before it is deleted. */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../api/trpc';

export function FileUsage({ spaceId, fileId }: { spaceId: string; fileId: string }) {
  const trpc = useTRPC();
  const backlinks = useQuery(trpc.spaces.content.files.backlinks.queryOptions({ spaceId, fileId }));
  if (backlinks.isPending) return <p>Looking for the pages that use it…</p>;
  if (backlinks.error)
    return <p role="alert">Where it is used could not be read: {backlinks.error.message}</p>;
  const pages = [...new Map(backlinks.data.items.map((item) => [item.page.id, item.page.title])).entries()];
  if (pages.length === 0) return <p className="space-file-usage">No page uses it.</p>;
  return (
    <div className="space-file-usage">
      <p>
        Used on {pages.length === 1 ? 'one page' : `${pages.length} pages`}, which will show a missing file:
      </p>
      <ul>
        {pages.map(([id, title]) => (
          <li key={id}>{title}</li>
        ))}
      </ul>
    </div>
  );
}
