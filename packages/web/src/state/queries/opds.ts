/** App tokens for e-reader apps (OPDS): list, create (secret shown once), revoke. */
import { opdsTokenCreateCall, opdsTokenRevokeCall, opdsTokensCall } from '@dm51/shared/call-refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { invalidate, opdsKeys } from './query-keys';

export function useOpdsTokensQuery(enabled: boolean) {
  return useQuery({
    queryKey: opdsKeys.tokens,
    queryFn: ({ signal }) => callApi(opdsTokensCall, {}, { signal }),
    enabled,
  });
}

export function useCreateOpdsToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApi(opdsTokenCreateCall, { name }),
    onSuccess: () => invalidate(client, 'opds'),
  });
}

export function useRevokeOpdsToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(opdsTokenRevokeCall, { id }),
    onSuccess: () => invalidate(client, 'opds'),
  });
}
