/**
 * A search field whose results show under it as the person types: an ARIA 1.2 combobox (the
 * field keeps the focus; the arrow keys move the active result, named by
 * `aria-activedescendant`; Enter opens it; Escape closes the results, then clears the field)
 * over a listbox in a Radix popover (placed under the field, closed by a click outside).
 * What to search and how a result reads are the caller's: `options` and `state` come in,
 * `onQueryChange` and `onChoose` go out.
 */
import { Popover } from 'radix-ui';
import { type KeyboardEvent, useId, useState } from 'react';
import { apiErrorOf } from '../api/api-error';
import { Highlighted } from './highlighted';
import type { SearchOption } from './search-option';
import './search.css';

/** Queries shorter than this are not sent. */
const MIN_QUERY_LENGTH = 2;
/** The longest query the server takes. */
const MAX_QUERY_LENGTH = 512;
const HAS_WORD = /[\p{L}\p{N}]/u;

/** Whether a query is worth sending: 2 characters or more, a letter or digit among them. */
export function isSearchable(query: string): boolean {
  const trimmed = query.trim();
  return trimmed.length >= MIN_QUERY_LENGTH && HAS_WORD.test(trimmed);
}

export interface SearchState {
  /** Results for an older query are shown while these load. */
  loading: boolean;
  error: unknown;
  /** Whether `options` answer the query as typed (no more loading). */
  settled: boolean;
}

/** The state of a results query; `current`: the query sent is the one typed (no typing since). */
export function searchStateOf(
  results: { isFetching: boolean; error: unknown; isSuccess: boolean; isPlaceholderData: boolean },
  current: boolean,
): SearchState {
  return {
    loading: results.isFetching || !current,
    error: results.error,
    settled: current && results.isSuccess && !results.isPlaceholderData,
  };
}

export function SearchCombobox({
  label,
  placeholder,
  query,
  onQueryChange,
  options,
  state,
  onChoose,
}: {
  label: string;
  placeholder: string;
  query: string;
  onQueryChange: (query: string) => void;
  options: readonly SearchOption[];
  state: SearchState;
  onChoose: (option: SearchOption) => void;
}) {
  const id = useId();
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-result-${index}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const searchable = isSearchable(query);
  const expanded = open && searchable;

  const choose = (option: SearchOption | undefined) => {
    if (option === undefined) return;
    setOpen(false);
    setActive(-1);
    onChoose(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        current === -1 && step === -1
          ? options.length - 1
          : (current + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter') {
      if (!expanded) return;
      event.preventDefault();
      choose(options[active === -1 ? 0 : active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) setOpen(false);
      else onQueryChange('');
      setActive(-1);
    }
  };

  return (
    <Popover.Root open={expanded} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <div className="search-field">
          <label htmlFor={`${id}-input`} className="visually-hidden">
            {label}
          </label>
          <input
            id={`${id}-input`}
            type="search"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_QUERY_LENGTH}
            placeholder={placeholder}
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            value={query}
            onChange={(event) => {
              onQueryChange(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
          />
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          className="search-popover"
          align="start"
          sideOffset={6}
          // The field keeps the focus: the results are chosen from it.
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            if (event.target instanceof Element && event.target.closest('.search-field'))
              event.preventDefault();
          }}
          aria-label={`${label}: results`}
        >
          <SearchStatus query={query} options={options} state={state} />
          <div
            id={listId}
            role="listbox"
            aria-label={`Results for ${query.trim()}`}
            className="search-results"
          >
            {options.map((option, index) => (
              // The field has the focus and the keys: a result is chosen by pointer here.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keyboard
              <div
                key={option.key}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className="search-result"
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(option)}
              >
                <span className="search-result-title">
                  {option.spaceTitle && <span className="search-result-space">{option.spaceTitle} › </span>}
                  <Highlighted text={option.pageTitle || 'Untitled'} query={query} />
                  {option.heading && (
                    <>
                      <span aria-hidden="true"> › </span>
                      <span className="search-result-heading">
                        <Highlighted text={option.heading} query={query} />
                      </span>
                    </>
                  )}
                </span>
                {option.excerpt && (
                  <span className="search-result-excerpt">
                    <Highlighted text={option.excerpt} query={query} />
                  </span>
                )}
              </div>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Loading, nothing found, or the server's refusal: said above the results. */
function SearchStatus({
  query,
  options,
  state,
}: {
  query: string;
  options: readonly SearchOption[];
  state: SearchState;
}) {
  let message: string | null = null;
  if (state.error) message = apiErrorOf(state.error).message;
  else if (state.loading) message = options.length > 0 ? 'Updating results…' : 'Searching…';
  else if (state.settled && options.length === 0) message = `Nothing found for “${query.trim()}”`;
  return (
    <p className={state.error ? 'search-status search-status-error' : 'search-status'} role="status">
      {message}
    </p>
  );
}
