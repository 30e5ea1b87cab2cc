import { HomeTab } from '@dm51/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchHome, fetchHomeSections } from './landing-fetch';
import { homeKeys } from './query-keys';

// Home's first-screen call lives with the landing calls (boot.ts sends it at launch).
export { fetchHome };

/** Home data of the comics (0) or novels (2) tab; anime (1) belongs to the anime pages. */
export function useHomeQuery(tab: number) {
  return useQuery({
    queryKey: homeKeys.tab(tab),
    queryFn: ({ signal }) => fetchHome(tab, signal),
    enabled: tab !== HomeTab.ANIME,
  });
}

/** Home's category sections of the comics (0) or novels (2) tab, asked for once `wanted`. */
export function useHomeSectionsQuery(tab: number, wanted: boolean) {
  return useQuery({
    queryKey: homeKeys.sections(tab),
    queryFn: ({ signal }) => fetchHomeSections(tab, signal),
    enabled: wanted && tab !== HomeTab.ANIME,
  });
}
