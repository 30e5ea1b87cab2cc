import { HOME_SIZES, HomeTab, type HomeData } from '@dm51/shared';
import { bookHomeCall, comicHomeCall } from '@dm51/shared/call-refs';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const homeKeys = {
  all: ['home'] as const,
  tab: (tab: number) => ['home', tab] as const,
};

const SIZES = { reco_size: HOME_SIZES.reco, news_size: HOME_SIZES.news, type_size: HOME_SIZES.type };

export function fetchHome(tab: number, signal?: AbortSignal): Promise<HomeData> {
  const call = tab === HomeTab.NOVELS ? bookHomeCall : comicHomeCall;
  // Spec §8: failed home data calls are silently ignored; the page itself offers a retry.
  return callApi(call, SIZES, { signal, silent: true });
}

/** Home data of the comics (0) or novels (2) tab; anime (1) belongs to the anime pages. */
export function useHomeQuery(tab: number) {
  return useQuery({
    queryKey: homeKeys.tab(tab),
    queryFn: ({ signal }) => fetchHome(tab, signal),
    enabled: tab !== HomeTab.ANIME,
  });
}
