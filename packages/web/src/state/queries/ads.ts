/**
 * The ad list (/v3/ad/sort_ads) and the ad statistics calls. The list is fresh for 10 s (spec §9:
 * refresh at most once per 10 s), seeded from the advertising store so a launch shows the widget
 * without waiting and a reload inside the 10 s asks nothing. Failed ad calls change nothing on
 * screen (spec §8); the API client's own transport toast is the only trace.
 */
import { adImpressionsCall, adSortAdsCall, adUpdateHitsCall } from '@dm51/shared/call-refs';
import { useQuery } from '@tanstack/react-query';
import { AD_REFRESH_MS } from '../../lib/ad-rules';
import { adStore, type AdList } from '../../lib/ad-store';
import { callApi } from '../../lib/api/client';
import { adKeys } from './query-keys';

async function fetchAds(signal?: AbortSignal): Promise<AdList> {
  const list = await callApi(adSortAdsCall, {}, { signal, silent: true });
  adStore.saveList(list, Date.now());
  return list;
}

export function useAdsQuery() {
  const stored = adStore.list();
  return useQuery({
    queryKey: adKeys.list,
    queryFn: ({ signal }) => fetchAds(signal),
    staleTime: AD_REFRESH_MS,
    ...(stored ? { initialData: stored.list, initialDataUpdatedAt: stored.fetchedAt } : {}),
    retry: false,
  });
}

export function reportAdImpression(adId: number): void {
  callApi(adImpressionsCall, { ids: [adId] }, { silent: true }).catch(() => undefined);
}

export function reportAdClick(adId: number): void {
  callApi(adUpdateHitsCall, { id: adId }, { silent: true }).catch(() => undefined);
}
