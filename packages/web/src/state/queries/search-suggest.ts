import { searchSuggestCall } from '@dm51/shared/call-refs';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../lib/api/client';

/** Time the box waits after a keystroke before asking: one call per pause, not per letter. */
export const SUGGEST_DEBOUNCE_MS = 150;

/** The typed text once typing pauses for `ms`. */
export function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Titles and authors for what is being typed (pinyin, initials, either Chinese script). Kept for a
 * minute per keyword (the catalogue does not change that fast); the previous list stays up while
 * the next one loads, so the list does not flicker with every letter.
 */
export function useSearchSuggestions(typed: string, type = -1) {
  const keyword = useDebounced(typed.trim(), SUGGEST_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['search', 'suggest', keyword, type] as const,
    queryFn: ({ signal }) =>
      // Silent: a failed suggestion is no reason to interrupt typing with a toast.
      callApi(searchSuggestCall, { keyword, type, limit: 8 }, { signal, silent: true }).then(
        (answer) => answer.list,
      ),
    enabled: keyword !== '',
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
