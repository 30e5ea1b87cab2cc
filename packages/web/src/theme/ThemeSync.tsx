/**
 * Fetches the operator's theme colours (/v3/app/theme) once the app is idle after its first screen,
 * and repaints the current theme when they changed. Mounted with the shell's extras, never on the
 * launch path; the next launch paints the stored colours from its first frame (themeStore.init).
 */
import { appThemeCall } from '@dm51/shared/call-refs';
import { useEffect } from 'react';
import { callApi } from '../lib/api/client';
import { themeStore } from './theme-store';

function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 1_500);
  return () => window.clearTimeout(id);
}

export function ThemeSync() {
  useEffect(() => {
    const controller = new AbortController();
    const cancel = whenIdle(() => {
      callApi(appThemeCall, {}, { signal: controller.signal, silent: true })
        .then((answer) => themeStore.applyOverrides(answer))
        .catch(() => {
          // Offline or an older server: the stored (or built-in) colours stay.
        });
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, []);
  return null;
}
