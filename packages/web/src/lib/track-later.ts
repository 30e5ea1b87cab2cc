/**
 * `track` for code on a landing page's path (the readers' clock, the task queries): the analytics
 * module is imported on first use instead of statically, so a reader or detail link does not fetch
 * it before its first picture (it would be one more 150 ms round trip in Lighthouse's model of a
 * reader link). The shell loads it once the landing image has painted, so it is usually
 * there already; events keep their order, as every caller waits on the same module promise.
 */
import type { TrackOptions } from './analytics-queue';

export function trackLater(id: string, options?: TrackOptions): void {
  void import('./analytics').then((analytics) => analytics.track(id, options));
}
