import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api/errors';

/** Retrying is pointless for answers the server gave on purpose or sessions it refused. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.kind !== 'transport') return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
