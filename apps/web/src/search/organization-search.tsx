/** The search box of an organization: every space the person can read, as they type. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTRPC } from '../api/trpc';
import { useDebouncedValue } from './debounced-value';
import { isSearchable, SearchCombobox, searchStateOf } from './search-combobox';
import { optionsOfPage } from './search-option';
import { SEARCH_DEBOUNCE } from './space-search';

/** Spaces asked for at once. */
const RESULT_SPACES = 5;

export function OrganizationSearch({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const sent = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE);
  const results = useQuery({
    ...trpc.spaces.searchInOrganization.queryOptions({ organizationId, query: sent, limit: RESULT_SPACES }),
    enabled: isSearchable(sent),
    placeholderData: keepPreviousData,
  });
  const options =
    results.data?.items.flatMap((space) => space.pages.flatMap((page) => optionsOfPage(page, space.title))) ??
    [];
  return (
    <SearchCombobox
      label="Search the organization"
      placeholder="Search all spaces…"
      query={query}
      onQueryChange={setQuery}
      options={options}
      state={searchStateOf(results, sent === query.trim())}
      onChoose={(option) => void navigate({ href: option.to })}
    />
  );
}
