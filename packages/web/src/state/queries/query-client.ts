import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api/errors';

/** Retrying is pointless for answers the server gave on purpose or sessions it refused. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.kind !== 'transport') return false;
  return failureCount < 1;
}

/**
 * 'offlineFirst': with no connection a query still runs its function once instead of waiting
 * paused for one (TanStack's default): the app's query functions answer offline themselves with a
 * downloaded chapter or a list as last seen (lib/offline), or fail at once so the screen says it
 * needs the network. Mutations likewise: the offline queue (lib/offline/outbox.ts) keeps what can
 * be sent later.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      refetchOnWindowFocus: false,
      staleTime: 60_000,
      networkMode: 'offlineFirst',
    },
    mutations: { retry: false, networkMode: 'offlineFirst' },
  },
});
