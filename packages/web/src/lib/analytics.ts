/**
 * First-party analytics for the web app: `track('order_place', {params})` and `trackPageView`. The
 * queue logic lives in analytics-queue.ts; this file wires it to the session, the envelope client
 * (a call, or navigator.sendBeacon with the same sealed body when the page is hidden or unloaded),
 * the stored launch channel, Do Not Track and the user's opt-out switch (settings page).
 */
import { analyticsTrackCall } from '@dm51/shared/call-refs';
import { sessionStore } from '../state/session';
import {
  createAnalyticsQueue,
  pageViewOptions,
  type AnalyticsQueue,
  type AnalyticsRecord,
  type TrackOptions,
} from './analytics-queue';
import { callApi, sealedRequest } from './api/client';
import { ApiError } from './api/errors';
import { getChannelCode } from './channel';
import { readString, STORAGE_KEYS, writeString } from './storage';

let queue: AnalyticsQueue | null = null;

/** The user's own switch (settings): stored on this device, like the spec's other local choices. */
export function isAnalyticsOptedOut(): boolean {
  return readString(STORAGE_KEYS.analyticsOptOut) === '1';
}

export function setAnalyticsOptOut(optOut: boolean): void {
  writeString(STORAGE_KEYS.analyticsOptOut, optOut ? '1' : '0');
  if (optOut) queue?.clear();
}

/** Do Not Track as browsers expose it ('1'; older Safari and IE spelled it on window). */
export function doNotTrack(): boolean {
  const nav = globalThis.navigator as (Navigator & { msDoNotTrack?: string }) | undefined;
  const win = globalThis as { doNotTrack?: string };
  return nav?.doNotTrack === '1' || win.doNotTrack === '1' || nav?.msDoNotTrack === '1';
}

function beacon(events: AnalyticsRecord[], channel: string): boolean {
  const request = sealedRequest(analyticsTrackCall, { events, channel });
  if (!request || typeof navigator.sendBeacon !== 'function') return false;
  return navigator.sendBeacon(request.url, request.form);
}

function browserQueue(): AnalyticsQueue {
  if (queue) return queue;
  const made = createAnalyticsQueue({
    send: async (events, channel) => {
      try {
        await callApi(analyticsTrackCall, { events, channel });
        return 'sent';
      } catch (error) {
        // The server refused this batch (a code): sending it again would be refused again.
        return error instanceof ApiError && (error.kind === 'code' || error.kind === 'silent')
          ? 'rejected'
          : 'failed';
      }
    },
    beacon,
    hasSession: () => sessionStore.get().token !== '',
    channel: getChannelCode,
    disabled: () => doNotTrack() || isAnalyticsOptedOut(),
    now: () => Date.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  // Hiding or leaving the app is the last moment a queued event can still go out; a beacon
  // survives the page, a fetch may not.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') made.flushBeacon();
  });
  globalThis.addEventListener?.('pagehide', () => made.flushBeacon());
  queue = made;
  return made;
}

/** Queues one spec §3 event record; it is sent within about 2 s with others. */
export function track(id: string, options?: TrackOptions): void {
  browserQueue().track(id, options);
}

/** One page view per route change: the route's path, never its query. */
export function trackPageView(pathname: string): void {
  track('page_view', pageViewOptions(pathname));
}
