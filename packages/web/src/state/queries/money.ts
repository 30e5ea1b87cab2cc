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
import { animeKeys } from './anime';
import { catalogueKeys } from './catalogue';
import { readerKeys } from './reader';
import { userKeys } from './user';

export const moneyKeys = {
  all: ['money'] as const,
  products: ['money', 'products'] as const,
  orders: ['money', 'orders'] as const,
  expenses: ['money', 'expenses'] as const,
  order: (orderNo: string) => ['money', 'order', orderNo] as const,
  quotes: ['money', 'quote'] as const,
  quote: (chapterId: number) => ['money', 'quote', chapterId] as const,
  assist: ['money', 'assist'] as const,
  help: (code: string) => ['money', 'help', code] as const,
};

/** Plans, packages, methods and the wallet; always fresh, since a price or balance may have moved. */
export function useProducts(enabled = true) {
  return useQuery({
    queryKey: moneyKeys.products,
    queryFn: ({ signal }) => callApi(payProductsCall, {}, { signal }),
    staleTime: 0,
    enabled,
  });
}

export function useOrderLog() {
  return usePagedList<Order>({
    queryKey: moneyKeys.orders,
    fetchPage: (page, limit, signal) => callApi(payOrdersCall, { page, limit }, { signal }),
    keyOf: (item) => item.order_no,
  });
}

export function useExpenseLog() {
  return usePagedList<ExpenseItem>({
    queryKey: moneyKeys.expenses,
    fetchPage: (page, limit, signal) => callApi(payExpensesCall, { page, limit }, { signal }),
    keyOf: (item) => item.id,
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
  void client.invalidateQueries({ queryKey: userKeys.all });
  for (const key of [
    moneyKeys.products,
    moneyKeys.orders,
    moneyKeys.expenses,
    moneyKeys.quotes,
    moneyKeys.assist,
  ])
    void client.invalidateQueries({ queryKey: key });
}

/** After chapters were unlocked: the wallet, and every place a lock is known, so content opens in place. */
export function invalidateUnlocked(client: QueryClient): void {
  invalidateWallet(client);
  void client.invalidateQueries({ queryKey: readerKeys.all });
  void client.invalidateQueries({ queryKey: animeKeys.all });
  void client.invalidateQueries({ queryKey: catalogueKeys.all });
}
