import { TOAST_MS } from '@dm51/shared';
import type Toast from 'antd-mobile/es/components/toast';

/**
 * antd-mobile's Toast, fetched on first use: it brings its animation library, which the home page
 * does not otherwise need, so it stays out of the first download. It is not prefetched: the service
 * worker's precache fetches it (with the rest of the app) once home is up.
 */
let toastModule: Promise<{ default: typeof Toast }> | null = null;

function loadToast() {
  toastModule ??= import('antd-mobile/es/components/toast');
  return toastModule;
}

/** A bottom toast for the product's default duration (spec §8). */
export function showBottomToast(content: string): void {
  loadToast()
    .then(({ default: toast }) => toast.show({ content, position: 'bottom', duration: TOAST_MS.product }))
    .catch(() => {
      // Without the chunk (offline before the first visit was cached) nothing can be shown.
      toastModule = null;
    });
}
