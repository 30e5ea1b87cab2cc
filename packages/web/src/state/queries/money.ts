/** Money: products and wallet, orders, the wallet ledger, unlock quotes and friends help. */
import { type ExpenseItem, type Order } from '@dm51/shared';
import {
  assistHelpCall,
  assistIndexCall,
  payExpensesCall,
  payOrdersCall,
  payProductsCall,
  unlockQuoteCall,
} from '@dm51/shared/call-refs';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { usePagedList } from '../../lib/paging/use-paged-list';
import { invalidate, LIVE, moneyKeys } from './query-keys';

/** Plans, packages, methods and the wallet; live, since a price or balance may have moved. */
export function useProducts(enabled = true) {
  return useQuery({
    queryKey: moneyKeys.products,
    queryFn: ({ signal }) => callApi(payProductsCall, {}, { signal }),
    ...LIVE,
    enabled,
  });
}

/** Live: an order may be refunded or fulfilled late by the payment provider. */
export function useOrderLog() {
  return usePagedList<Order>({
    queryKey: moneyKeys.orders,
    fetchPage: (page, limit, signal) => callApi(payOrdersCall, { page, limit }, { signal }),
    keyOf: (item) => item.order_no,
    freshness: LIVE,
  });
}

/** Live: rewards, refunds and grants land in the ledger without this device doing anything. */
export function useExpenseLog() {
  return usePagedList<ExpenseItem>({
    queryKey: moneyKeys.expenses,
    fetchPage: (page, limit, signal) => callApi(payExpensesCall, { page, limit }, { signal }),
    keyOf: (item) => item.id,
    freshness: LIVE,
  });
}

export function useUnlockQuote(chapterId: number, enabled: boolean) {
  return useQuery({
    queryKey: moneyKeys.quote(chapterId),
    queryFn: ({ signal }) => callApi(unlockQuoteCall, { chapter_id: chapterId }, { signal }),
    enabled: enabled && chapterId > 0,
    staleTime: 0,
    retry: false,
  });
}

export function useAssistIndex(enabled: boolean) {
  return useQuery({
    queryKey: moneyKeys.assist,
    queryFn: ({ signal }) => callApi(assistIndexCall, {}, { signal }),
    enabled,
  });
}

/**
 * A visit through a friend's help link counts once: the answer is kept for the page's life and never
 * refetched (the query cache also folds React's double mount into one call).
 */
export function useAssistHelp(code: string) {
  return useQuery({
    queryKey: moneyKeys.help(code),
    queryFn: () => callApi(assistHelpCall, { code }),
    enabled: code.length >= 4,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * After money moved: the mine page's balance, the wallet, the logs, open quotes and the assist page.
 * Not the order being confirmed (it polls itself) nor a help visit (it must never be sent twice).
 */
export function invalidateWallet(client: QueryClient): void {
  invalidate(client, 'wallet');
}

/**
 * After chapters were unlocked (bought, or opened by a VIP plan): the wallet, every place a lock is
 * known, so content opens in place, and the tasks (a first purchase or top-up may count).
 */
export function invalidateUnlocked(client: QueryClient): void {
  invalidate(client, 'wallet', 'unlocks', 'tasks');
}
