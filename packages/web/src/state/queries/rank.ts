import { type CallRequest, type RankItem } from '@dm51/shared';
import { rankIndexCall } from '@dm51/shared/call-refs';
import { callApi } from '../../lib/api/client';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { workKey } from './catalogue';
import { rankKeys } from './query-keys';

export type RankBy = CallRequest<typeof rankIndexCall>['by'] & string;
export type RankPeriod = CallRequest<typeof rankIndexCall>['period'] & string;

export function useRankList(type: number, by: RankBy, period: RankPeriod) {
  return usePagedList<RankItem>({
    queryKey: rankKeys.list(type, by, period),
    fetchPage: (page, limit, signal) => callApi(rankIndexCall, { type, by, period, page, limit }, { signal }),
    keyOf: workKey,
  });
}
