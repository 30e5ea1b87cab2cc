/**
 * First-party analytics for the web app: `track('order_place', {params})`. The queue logic lives in
 * analytics-queue.ts; this file wires it to the session, the envelope client (the protocol needs the
 * sealed envelope, so no sendBeacon), the stored launch channel and the page's visibility.
 */
import { analyticsTrackCall } from '@dm51/shared/call-refs';
import { sessionStore } from '../state/session';
import { createAnalyticsQueue, type AnalyticsQueue, type TrackOptions } from './analytics-queue';
import { callApi } from './api/client';
import { ApiError } from './api/errors';
import { getChannelCode } from './channel';

let queue: AnalyticsQueue | null = null;

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
    hasSession: () => sessionStore.get().token !== '',
    channel: getChannelCode,
    doNotTrack: () => globalThis.navigator?.doNotTrack === '1',
    now: () => Date.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  // Leaving or hiding the app is the last moment a queued event can still go out.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void made.flush();
  });
  queue = made;
  return made;
}

/** Queues one spec §3 event record; it is sent within about 2 s with others. */
export function track(id: string, options?: TrackOptions): void {
  browserQueue().track(id, options);
}
