/// <reference types="vite-plugin-pwa/client" />
/**
 * The service worker of the web app, registered so that a newly deployed build is noticed: the
 * browser checks sw.js when the app starts, every 30 minutes, and whenever the app comes back to the
 * foreground. A new build installs in the background and waits; `needRefresh` then opens the update
 * dialog, and 'upgrade now' activates the waiting worker (skipWaiting) and reloads.
 */
import { registerSW } from 'virtual:pwa-register';

const CHECK_MS = 30 * 60_000;
/** Time given to the readers' last progress save (sent on pagehide) before the page reloads. */
const SAVE_GRACE_MS = 400;
/** The worker reloads the page once it takes control; if that never comes, reload anyway. */
const RELOAD_FALLBACK_MS = 3_000;

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting = false;
let activateWaiting: ((reloadPage?: boolean) => Promise<void>) | null = null;

export const workerUpdate = {
  /** True once a new build is installed and waiting. */
  isWaiting(): boolean {
    return waiting;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /**
   * Activates the waiting build and reloads. The hash route with its query survives the reload, and
   * the readers save their place on pagehide, so a reader comes back where it was.
   */
  async apply(): Promise<void> {
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, SAVE_GRACE_MS));
    if (waiting && activateWaiting) {
      setTimeout(() => window.location.reload(), RELOAD_FALLBACK_MS);
      await activateWaiting(true);
    } else window.location.reload();
  },
};

export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  activateWaiting = registerSW({
    immediate: true,
    onNeedRefresh() {
      waiting = true;
      for (const listener of listeners) listener();
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => {
        if (registration.installing || !navigator.onLine) return;
        registration.update().catch(() => undefined);
      };
      setInterval(check, CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
  });
}
