/**
 * When an import this screen watched ends, the space's content may have changed: its page
 * tree and the space are read again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '../api/trpc';
import { pageTreeKeyOf } from '../pages/page-editing';

export function useImportEnded(spaceId: string, importGoing: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const wasGoing = useRef(importGoing);
  useEffect(() => {
    if (wasGoing.current && !importGoing) {
      void queryClient.invalidateQueries({ queryKey: trpc.spaces.content.pages.list.queryKey({ spaceId }) });
      void queryClient.invalidateQueries({ queryKey: trpc.spaces.get.queryKey({ spaceId }) });
      void queryClient.invalidateQueries({ queryKey: pageTreeKeyOf(spaceId) });
    }
    wasGoing.current = importGoing;
  }, [importGoing, queryClient, trpc, spaceId]);
}
