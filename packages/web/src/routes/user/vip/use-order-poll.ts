import type { OrderStatus } from '@dm51/shared';
import { paySaveCall } from '@dm51/shared/call-refs';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../../lib/api/client';
import { moneyKeys } from '../../../state/queries/query-keys';

export const POLL_MS = 1_500;
export const POLL_FOR_MS = 60_000;

/** The payer has not finished, or the money arrived and fulfilment is still running. */
export function isWaiting(status: OrderStatus | undefined): boolean {
  return status === 'created' || status === 'paid';
}

/**
 * Confirms an order with /v3/pay/save and keeps asking every 1.5 s while it is waiting, for at most
 * 60 s; then `timedOut` says so and `again()` starts another 60 s.
 */
export function useOrderPoll(orderNo: string) {
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const query = useQuery({
    queryKey: moneyKeys.order(orderNo),
    queryFn: ({ signal }) => callApi(paySaveCall, { order_no: orderNo }, { signal }),
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (!timedOut && isWaiting(q.state.data?.order.status) ? POLL_MS : false),
  });
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [round]);
  const { refetch } = query;
  return {
    query,
    timedOut: timedOut && isWaiting(query.data?.order.status),
    again: () => {
      setTimedOut(false);
      setRound((n) => n + 1);
      void refetch();
    },
  };
}
