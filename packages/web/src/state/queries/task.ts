/**
 * The task centre: the task list and check-in state, the claim/check-in/make-up mutations (each
 * with an idempotency key per intent, so a double tap pays once), the task log, and the reports
 * the readers and detail pages send (reading time, shares, notifications).
 */
import { ApiCode, type CallResponse } from '@dm51/shared';
import {
  taskCheckinCall,
  taskClaimCall,
  taskIndexCall,
  taskLogCall,
  taskMakeupCall,
  taskNotifyCall,
  taskReadTimeCall,
  taskShareCall,
} from '@dm51/shared/call-refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trackLater } from '../../lib/track-later';
import { callApi } from '../../lib/api/client';
import { clearIntentKey, intentKey } from '../../lib/intent-key';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { invalidate, LIVE, taskKeys } from './query-keys';

export type TaskLogItem = CallResponse<typeof taskLogCall>['list'][number];

/** Live: progress comes from reading time, comments, top-ups and binds done on other pages. */
export function useTaskIndex(uid: number) {
  return useQuery({
    queryKey: taskKeys.index(uid),
    queryFn: ({ signal }) => callApi(taskIndexCall, {}, { signal }),
    ...LIVE,
  });
}

export function useTaskLog(uid: number) {
  return usePagedList<TaskLogItem>({
    queryKey: taskKeys.log(uid),
    fetchPage: (page, limit, signal) => callApi(taskLogCall, { page, limit }, { signal }),
    keyOf: (item) => `${item.key}-${item.date}-${item.addtime}`,
  });
}

/** Runs a paying call under one idempotency key per intent; the key is dropped once answered. */
function useTaskMutation<Vars, Result>(
  scopeOf: (vars: Vars) => string,
  run: (vars: Vars, key: string) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (vars: Vars) => {
      const scope = scopeOf(vars);
      try {
        return await run(vars, intentKey(scope));
      } finally {
        clearIntentKey(scope);
      }
    },
    // A task may pay coins, VIP time or AI credits.
    onSettled: () => invalidate(client, 'tasks', 'wallet', 'ai'),
  });
}

export function useCheckin() {
  return useTaskMutation(
    () => 'task:checkin',
    async (_vars: void, key) => {
      const answer = await callApi(taskCheckinCall, { idempotency_key: key });
      trackLater('checkin', { params: { streak: answer.streak } });
      return answer;
    },
  );
}

export function useMakeup() {
  return useTaskMutation(
    (date: string) => `task:makeup:${date}`,
    (date: string, key) => callApi(taskMakeupCall, { date, idempotency_key: key }),
  );
}

export function useClaimTask() {
  return useTaskMutation(
    (taskKey: string) => `task:claim:${taskKey}`,
    async (taskKey: string, key) => {
      const answer = await callApi(taskClaimCall, { key: taskKey, idempotency_key: key });
      trackLater('task_claim', { params: { task: taskKey } });
      return answer;
    },
  );
}

/** Background reports explain nothing to the user: their refusals are not toasted. */
const QUIET = [ApiCode.PARAMS_INVALID, ApiCode.LOGIN_REQUIRED, ApiCode.CONTENT_NOT_FOUND];

/** Reports reading/watching time (signed-in users only; guests cannot do tasks). */
export function reportReadTime(kind: 'comic' | 'novel' | 'anime', chapterId: number, seconds: number) {
  return callApi(taskReadTimeCall, { kind, chapter_id: chapterId, seconds }, { quiet: QUIET });
}

export function reportShare(type: number, workId: number) {
  return callApi(taskShareCall, { type, work_id: workId }, { quiet: QUIET });
}

export function reportNotificationsOn() {
  return callApi(taskNotifyCall, {});
}
