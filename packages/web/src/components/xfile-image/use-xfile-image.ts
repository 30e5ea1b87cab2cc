import { isXfilePath } from '@dm51/shared';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { isHeldForLanding, subscribeLandingHold } from '../../lib/landing-image';
import { mediaUrl } from '../../lib/media-url';
import { requireRuntimeConfig } from '../../lib/runtime-config';
import { spreadOverTasks } from '../../lib/spread-over-tasks';
import { BlobUrlCache } from './blob-cache';
import { decodeOffThread, onWorkerUrlsLost, revokeDecodedUrl } from './decode-worker';
import { fetchXfile } from './fetch-xfile';

export type XfileStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface XfileImageState {
  /** What to put in <img src>: an object URL for `_xfile` images, the resolved URL otherwise. */
  url: string | null;
  status: XfileStatus;
  retry: () => void;
}

/** Decoded images kept around: a reader's window plus what was just scrolled past. */
const CACHE_CAPACITY = 48;
/** Decoded pages loaded into an <img> ahead of being shown, newest last (a few only). */
const WARM_IMAGES = 3;
const warmed = new Map<string, HTMLImageElement>();

const cache = new BlobUrlCache(CACHE_CAPACITY, {
  create: (blob) => URL.createObjectURL(blob),
  revoke: (objectUrl) => {
    warmed.delete(objectUrl);
    revokeDecodedUrl(objectUrl);
  },
});

onWorkerUrlsLost((deadUrls) => {
  for (const objectUrl of deadUrls) warmed.delete(objectUrl);
  cache.forgetUrls(deadUrls);
});

/** Images whose fetch starts in one task at most (lib/spread-over-tasks.ts: home's covers at once). */
const STARTS_PER_TASK = 3;
const spreadStarts = spreadOverTasks(STARTS_PER_TASK);

function decode(url: string): Promise<string> {
  return cache.load(url, () =>
    spreadStarts(() => {
      const xorKey = requireRuntimeConfig().imageXorKey;
      return decodeOffThread(new URL(url, globalThis.location.href).href, xorKey, () =>
        fetchXfile(url, { xorKey }),
      );
    }),
  );
}

/** Frees the decoded images no view is showing. */
export function clearDecodedImages(): number {
  return cache.clearUnused();
}

/** A displayable URL for an image path: decoded object URL for `_xfile`, the resolved URL otherwise. */
export function loadImageUrl(src: string): Promise<string> {
  const url = mediaUrl(src);
  if (url === '' || !isXfilePath(url)) return Promise.resolve(url);
  return decode(url);
}

/**
 * Loads a decoded page into a detached image: the browser's request for the object URL
 * (several milliseconds on a slow phone) then happens here, at an idle moment (not in the worker's
 * reply), and the page's own <img> with the same URL finds it loaded instead of requesting it in
 * the frame that shows it. Only the last few are held, and none is decoded ahead: held decoded
 * pictures cost ≈ 200 MB more at peak over a 300-page chapter.
 */
function warm(objectUrl: string): void {
  if (warmed.has(objectUrl) || typeof Image === 'undefined') return;
  const image = new Image();
  image.decoding = 'async';
  image.src = objectUrl;
  warmed.set(objectUrl, image);
  for (const key of warmed.keys()) {
    if (warmed.size <= WARM_IMAGES) break;
    warmed.delete(key);
  }
}

/** Runs `task` at an idle moment (at the latest after 250 ms), not in the task that got the page. */
function atIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 250 });
  else setTimeout(task, 60);
}

/**
 * Warms an image before it is shown (the reader's next pages and next chapter, the landing page's
 * largest image); `onSettled` hears when it is decoded or has failed. A failure is not retried
 * here: the image's own view retries when it is actually needed.
 */
export function preloadImage(src: string, onSettled?: () => void): void {
  const url = mediaUrl(src);
  if (url === '') return;
  if (isXfilePath(url)) {
    decode(url).then(
      (objectUrl) => {
        onSettled?.();
        atIdle(() => warm(objectUrl));
      },
      () => onSettled?.(),
    );
    return;
  }
  const image = new Image();
  image.decoding = 'async';
  if (onSettled) image.onload = image.onerror = () => onSettled();
  image.src = url;
}

/**
 * An image by API path: `_xfile` ones are fetched, decoded and shown as a blob URL (spec §7).
 * `wanted` false holds the fetch back (an image far from the screen): it stays 'idle' until then,
 * unless it is already decoded. At launch, images other than the landing page's largest one also
 * wait until it is loaded (lib/landing-image.ts).
 */
export function useXfileImage(src: string, wantedByView = true): XfileImageState {
  const url = mediaUrl(src);
  const xfile = url !== '' && isXfilePath(url);
  const heldForLanding = useSyncExternalStore(subscribeLandingHold, () => isHeldForLanding(url));
  const wanted = wantedByView && !heldForLanding;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; url: string | null; status: XfileStatus }>(() => {
    const ready = xfile ? cache.peek(url) : null;
    return { key: url, url: ready, status: ready ? 'loaded' : 'idle' };
  });

  useEffect(() => {
    if (!xfile || !wanted) return;
    cache.retain(url);
    let live = true;
    const ready = cache.peek(url);
    // Already decoded (a reader page warmed ahead): the first render showed it, no second one.
    if (ready)
      setState((previous) =>
        previous.key === url && previous.url === ready && previous.status === 'loaded'
          ? previous
          : { key: url, url: ready, status: 'loaded' },
      );
    else {
      setState({ key: url, url: null, status: 'loading' });
      decode(url).then(
        (objectUrl) => live && setState({ key: url, url: objectUrl, status: 'loaded' }),
        () => live && setState({ key: url, url: null, status: 'error' }),
      );
    }
    return () => {
      live = false;
      cache.release(url);
    };
  }, [url, xfile, wanted, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (url === '') return { url: null, status: 'error', retry };
  if (!xfile) return { url, status: 'loaded', retry };
  if (state.key !== url) return { url: null, status: 'loading', retry };
  return { url: state.url, status: state.status, retry };
}
