import { recoAlsoReadCall, recoForYouCall } from '@dm51/shared/call-refs';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

/** Cards a recommendation row shows (one sideways strip). */
const ROW_SIZE = 12;

export const recommendationKeys = {
  all: ['reco'] as const,
  forYou: (type: number) => ['reco', 'for-you', type] as const,
  alsoRead: (id: number) => ['reco', 'also-read', id] as const,
};

/** "For you" of a kind (0 comics, 1 novels, 2 anime) for this session, asked for once `enabled`. */
export function useForYouQuery(type: number, enabled = true) {
  return useQuery({
    queryKey: recommendationKeys.forYou(type),
    queryFn: ({ signal }) => callApi(recoForYouCall, { type, page: 1, limit: ROW_SIZE }, { signal }),
    enabled,
  });
}

/** "Readers of this also read" of a work. */
export function useAlsoReadQuery(id: number, enabled = true) {
  return useQuery({
    queryKey: recommendationKeys.alsoRead(id),
    queryFn: ({ signal }) => callApi(recoAlsoReadCall, { id, limit: ROW_SIZE }, { signal }),
    enabled,
  });
}
