/** The search box of a space: its pages' sections as the person types. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTRPC } from '../api/trpc';
import { useDebouncedValue } from './debounced-value';
import { isSearchable, SearchCombobox, searchStateOf } from './search-combobox';
import { optionsOfPage } from './search-option';

/** How long typing must pause before a query is sent, in milliseconds. */
export const SEARCH_DEBOUNCE = 150;
/** Pages asked for at once. */
const RESULT_PAGES = 8;

export function SpaceSearch({ spaceId, spaceTitle }: { spaceId: string; spaceTitle: string }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const sent = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE);
  const results = useQuery({
    ...trpc.spaces.search.queryOptions({ spaceId, query: sent, limit: RESULT_PAGES }),
    enabled: isSearchable(sent),
    placeholderData: keepPreviousData,
  });
  const options = results.data?.items.flatMap((page) => optionsOfPage(page)) ?? [];
  return (
    <SearchCombobox
      label={`Search ${spaceTitle || 'this space'}`}
      placeholder="Search this space…"
      query={query}
      onQueryChange={setQuery}
      options={options}
      state={searchStateOf(results, sent === query.trim())}
      onChoose={(option) => void navigate({ href: option.to })}
    />
  );
}
