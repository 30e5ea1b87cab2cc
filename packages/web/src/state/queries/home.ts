import { HomeTab } from '@dm51/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchHome } from './landing-fetch';

// Home's call lives with the landing calls (boot.ts sends it at launch).
export { fetchHome };

export const homeKeys = {
  all: ['home'] as const,
  tab: (tab: number) => ['home', tab] as const,
};

/** Home data of the comics (0) or novels (2) tab; anime (1) belongs to the anime pages. */
export function useHomeQuery(tab: number) {
  return useQuery({
    queryKey: homeKeys.tab(tab),
    queryFn: ({ signal }) => fetchHome(tab, signal),
    enabled: tab !== HomeTab.ANIME,
  });
}
