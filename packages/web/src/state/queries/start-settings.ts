import { DEFAULT_START_SETTINGS, type StartSettings } from '@dm51/shared';
import { appStartCall } from '@dm51/shared/call-refs';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { startSettingsKeys } from './query-keys';

function fetchStartSettings({ signal }: { signal: AbortSignal }): Promise<StartSettings> {
  return callApi(appStartCall, {}, { signal });
}

/**
 * Start-up settings (tab bar AI entry, install banner, splash). Until they arrive, or if the call
 * fails, the spec's defaults apply so the shell never waits on them.
 */
export function useStartSettingsQuery() {
  return useQuery({
    queryKey: startSettingsKeys.all,
    queryFn: fetchStartSettings,
    staleTime: 5 * 60_000,
    placeholderData: DEFAULT_START_SETTINGS,
  });
}

export function useStartSettings(): StartSettings {
  return useStartSettingsQuery().data ?? DEFAULT_START_SETTINGS;
}

export function prefetchStartSettings(client: QueryClient): Promise<void> {
  return client.prefetchQuery({ queryKey: startSettingsKeys.all, queryFn: fetchStartSettings });
}

export function fetchStartSettingsOnce(client: QueryClient): Promise<StartSettings> {
  return client.fetchQuery({ queryKey: startSettingsKeys.all, queryFn: fetchStartSettings });
}
