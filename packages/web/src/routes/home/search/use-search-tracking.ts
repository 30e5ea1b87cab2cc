import { useEffect } from 'react';
import { track } from '../../../lib/analytics';

/**
 * Reports a search to analytics once per keyword and type shown (spec §7 'search'): the words
 * are the label, so the console can list what readers look for and do not find.
 */
export function useSearchTracking(keyword: string, type: number): void {
  useEffect(() => {
    if (keyword !== '') track('search', { label: keyword, params: { type } });
  }, [keyword, type]);
}
