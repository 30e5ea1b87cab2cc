/**
 * The update config (/v3/app/update, spec §3), kept in local storage as the spec asks, so the dialog
 * can open at once with the last known notes while a fresh copy loads.
 */
import type { UpdateConfig } from '@dm51/shared';
import { appUpdateCall } from '@dm51/shared/call-refs';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';
import { updateKeys } from './query-keys';

export const FALLBACK_UPDATE_CONFIG: UpdateConfig = {
  describe: '',
  updateLink: '',
  versionName: '',
  force: 0,
  maskClickClose: 1,
  downloadingText: '',
  successText: '',
  errorText: '',
  uninstallPrompt: 0,
};

function storedConfig(): UpdateConfig | undefined {
  const stored = readJson<Partial<UpdateConfig>>(STORAGE_KEYS.updateConfig);
  return stored && typeof stored === 'object' ? { ...FALLBACK_UPDATE_CONFIG, ...stored } : undefined;
}

export function useUpdateConfigQuery(enabled: boolean) {
  return useQuery<UpdateConfig>({
    queryKey: updateKeys.config,
    queryFn: async ({ signal }) => {
      const config = await callApi(appUpdateCall, {}, { signal });
      writeJson(STORAGE_KEYS.updateConfig, config);
      return config;
    },
    enabled,
    placeholderData: () => storedConfig(),
    staleTime: 60_000,
  });
}
