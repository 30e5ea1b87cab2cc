import type { ThemeName } from '@dm51/shared';
import { useSyncExternalStore } from 'react';
import { themeStore } from './theme-store';

export function useThemeName(): ThemeName {
  return useSyncExternalStore(themeStore.subscribe, themeStore.get, themeStore.get);
}
