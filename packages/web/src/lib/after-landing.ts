/**
 * What the landing page does not need waits until its largest image has been painted.
 * On a phone's first load every request and every task before that paint competes with the
 * page's own code, data and image for the slow network and the slow CPU; the rest of English, the
 * service worker, the shell's extras (floating ad, update prompt) and analytics go after it.
 *
 * "Painted" is the first largest-contentful-paint entry that is an image (home's banner, a
 * detail page's blurred cover behind its title, the reader's first page). A page without such an image, a browser without
 * the entry type, or a visitor who touches the page first, does not wait for it: a tap, a key or
 * FALLBACK_MS after launch starts the rest anyway.
 */
export const FALLBACK_MS = 3_000;

let release: (() => void) | null = null;
const landed = new Promise<void>((resolve) => {
  release = resolve;
});
let watching = false;

function done(): void {
  if (release === null) return;
  const resolve = release;
  release = null;
  // After the frame that painted it, so the callbacks' work does not land in that frame.
  setTimeout(resolve, 0);
}

/**
 * An image's paint: an <img>, or a background image (a detail page's largest paint is the blurred
 * cover behind its title, a <div>); text has no `url`. Counting only <img> left a detail link's
 * comments and the shell's extras waiting for the 3 s fallback.
 */
function isImagePaint(entry: PerformanceEntry): boolean {
  const paint = entry as LargestContentfulPaint;
  return paint.element?.tagName === 'IMG' || (paint.url ?? '') !== '';
}

function watch(): void {
  if (watching) return;
  watching = true;
  const timer = setTimeout(done, FALLBACK_MS);
  const interacted = () => done();
  for (const type of ['pointerdown', 'keydown'] as const)
    globalThis.addEventListener?.(type, interacted, { once: true, capture: true, passive: true });
  try {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some(isImagePaint)) {
        observer.disconnect();
        clearTimeout(timer);
        done();
      }
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    // No largest-contentful-paint entries here: the fallback timer decides.
  }
}

/** Resolves once the landing page's largest image has painted (or a tap, or the fallback). */
export function afterLanding(): Promise<void> {
  watch();
  return landed;
}
