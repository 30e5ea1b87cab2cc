/** Feedback: send (with screenshots uploaded first) and the log with operators' replies. */
import { type FeedbackItem } from '@dm51/shared';
import { appFeedbackUploadCall, feedbackAddCall, feedbackListCall } from '@dm51/shared/call-refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { feedbackKeys, invalidate, LIVE } from './query-keys';

/** Live: the operator's reply arrives while the log is cached (or even open). */
export function useFeedbackLog() {
  return usePagedList<FeedbackItem>({
    queryKey: feedbackKeys.list,
    fetchPage: (page, limit, signal) => callApi(feedbackListCall, { page, limit }, { signal }),
    keyOf: (item) => item.id,
    freshness: LIVE,
  });
}

export function useUploadScreenshot() {
  return useMutation({
    mutationFn: async (file: Blob) => (await callApi(appFeedbackUploadCall, {}, { file })).url,
  });
}

export function useSendFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { type: number; content: string; contact: string; imgList: string[] }) =>
      callApi(feedbackAddCall, input),
    onSuccess: () => invalidate(client, 'feedback'),
  });
}
