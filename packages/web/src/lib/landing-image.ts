/**
 * The landing page's largest image goes first. The launch asks for it as soon as the
 * page's data is in (`launch-prefetch.ts`: home's first banner or cover, a detail page's cover, the
 * page a chapter link opens at, its first or the link's `&page=`). When it is still downloading as
 * the page renders (a large image, a slow network, a fast phone), the page's other images (home's
 * covers, the reader's next pages) would start beside it and share the bandwidth, and the largest
 * paint would wait for them. Every other image waits until the landing image has been fetched and
 * decoded, or has failed; the page's rendering goes on meanwhile, and when the image is in before
 * the page renders nothing waits at all. A tap, or `afterLanding`'s fallback, lets them go in any
 * case.
 *
 * A comic reader's first page holds the others until it has been painted (`untilPainted`): loaded
 * is a frame or more before painted, and released at load the next page (≈ 70 KiB) would download
 * and decode before that paint, which would wait for it on a slow phone. If no paint is reported for
 * it (not the page's largest paint, a browser without the entry type), SETTLED_GRACE_MS after it
 * settled lets them go. Home keeps the release on load: its covers are small, and released all at
 * once at the paint their decoding falls into one long task with the shell's after-paint work
 * (Lighthouse's total blocking time on home 130 -> 300 ms, measured).
 *
 * Only the launch's landing image holds the others, once: a page opened later loads its images as
 * they come, and a launch that names no image holds nothing.
 */
import { afterLanding } from './after-landing';
import { mediaUrl } from './media-url';

/** How long after the landing image is in (or has failed) the others wait for its paint at most. */
export const SETTLED_GRACE_MS = 600;

let landingImage: string | null = null;
let holding = false;
let holdUntilPainted = false;
const listeners = new Set<() => void>();

function release(): void {
  if (!holding) return;
  holding = false;
  for (const listener of listeners) listener();
}

/**
 * Names the landing page's largest image (a media path); the others wait until it is loaded, or
 * with `untilPainted` until it has been painted.
 */
export function holdForLandingImage(src: string, { untilPainted = false } = {}): void {
  const url = mediaUrl(src);
  if (landingImage !== null || url === '') return;
  landingImage = url;
  holding = true;
  holdUntilPainted = untilPainted;
  void afterLanding().then(release);
}

/** The landing image is loaded (or could not be). */
export function landingImageSettled(src: string): void {
  if (mediaUrl(src) !== landingImage || !holding) return;
  if (holdUntilPainted) setTimeout(release, SETTLED_GRACE_MS);
  else release();
}

/** Whether an image (a resolved URL) waits for the landing image. */
export function isHeldForLanding(url: string): boolean {
  return holding && url !== landingImage;
}

export function subscribeLandingHold(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
