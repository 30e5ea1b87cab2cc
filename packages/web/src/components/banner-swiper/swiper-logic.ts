/** Share of the width a swipe must travel to change slides. */
const SWIPE_SHARE = 0.18;

/** The next autoplay position: count is the clone of the first slide (see BannerSwiper). */
export function nextSlide(index: number, count: number): number {
  if (count < 2) return 0;
  return index >= count ? 1 : index + 1;
}

/** Where a swipe of `dx` pixels lands from slide `index` (wrapping backwards to the last slide). */
export function swipeTarget(index: number, dx: number, width: number, count: number): number {
  if (count < 2 || Math.abs(dx) < width * SWIPE_SHARE) return index;
  if (dx < 0) return index + 1; // may land on the clone, which resets to 0 after the transition
  return index === 0 ? count - 1 : index - 1;
}
