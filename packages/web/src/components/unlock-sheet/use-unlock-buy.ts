import { WorkType, type CallResponse } from '@dm51/shared';
import { animeBuyCall, autoUnlockCall, bookBuyCall, comicBuyCall } from '@dm51/shared/call-refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { ApiError } from '../../lib/api/errors';
import { clearIntentKey, intentKey } from '../../lib/intent-key';
import { invalidateUnlocked } from '../../state/queries/money';
import { moneyKeys } from '../../state/queries/query-keys';

export type UnlockResult = CallResponse<typeof comicBuyCall>;

/** The buy call for a work type: comics, novels and anime each have their own (same contract). */
function buyCallFor(type: number) {
  if (type === WorkType.NOVEL) return bookBuyCall;
  if (type === WorkType.ANIME) return animeBuyCall;
  return comicBuyCall;
}

/**
 * Buying chapters with coins. Each tap-intent (this chapter, this count) gets one idempotency key:
 * a retry after a lost answer reuses it, so the coins move once. Once the server has answered — a
 * purchase or a refusal such as BALANCE_SHORT — the intent is over and the next tap is a new one.
 */
export function useUnlockBuy(type: number, chapterId: number) {
  const client = useQueryClient();
  const scope = (count: number) => `unlock:${type}:${chapterId}:${count}`;
  return useMutation({
    mutationFn: (count: number) =>
      callApi(buyCallFor(type), { chapter_id: chapterId, count, idempotency_key: intentKey(scope(count)) }),
    onSettled: (_data, error, count) => {
      // A transport failure leaves the outcome unknown: keep the key so the retry cannot buy twice.
      const unknownOutcome =
        error instanceof ApiError && (error.kind === 'transport' || error.kind === 'offline');
      if (!unknownOutcome) clearIntentKey(scope(count));
    },
    onSuccess: () => invalidateUnlocked(client),
    onError: () => void client.invalidateQueries({ queryKey: moneyKeys.quote(chapterId) }),
  });
}

/** The per-work auto-unlock switch; the quote is refreshed so the sheet shows the server's value. */
export function useAutoUnlock(workId: number, chapterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => callApi(autoUnlockCall, { work_id: workId, enabled: enabled ? 1 : 0 }),
    onSettled: () => client.invalidateQueries({ queryKey: moneyKeys.quote(chapterId) }),
  });
}
